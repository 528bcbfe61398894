
.
xPlaceholder*
dtype0*
shape:
B
callPartitionedCallx*
fR
f0*
Tin
0*
Tout
0

yIdentitycall*
T0¥ø	
f

f0
x
y?
cPartitionedCallx*
fR
f1*
Tin
0*
Tout
0"
y
c:output:0
f

f1
x
y?
cPartitionedCallx*
fR
f2*
Tin
0*
Tout
0"
y
c:output:0
f

f2
x
y?
cPartitionedCallx*
fR
f3*
Tin
0*
Tout
0"
y
c:output:0
f

f3
x
y?
cPartitionedCallx*
fR
f4*
Tin
0*
Tout
0"
y
c:output:0
f

f4
x
y?
cPartitionedCallx*
fR
f5*
Tin
0*
Tout
0"
y
c:output:0
f

f5
x
y?
cPartitionedCallx*
fR
f6*
Tin
0*
Tout
0"
y
c:output:0
f

f6
x
y?
cPartitionedCallx*
fR
f7*
Tin
0*
Tout
0"
y
c:output:0
f

f7
x
y?
cPartitionedCallx*
fR
f8*
Tin
0*
Tout
0"
y
c:output:0
f

f8
x
y?
cPartitionedCallx*
fR
f9*
Tin
0*
Tout
0"
y
c:output:0
g

f9
x
y@
cPartitionedCallx*
fR
f10*
Tin
0*
Tout
0"
y
c:output:0
h

f10
x
y@
cPartitionedCallx*
fR
f11*
Tin
0*
Tout
0"
y
c:output:0
h

f11
x
y@
cPartitionedCallx*
fR
f12*
Tin
0*
Tout
0"
y
c:output:0
h

f12
x
y@
cPartitionedCallx*
fR
f13*
Tin
0*
Tout
0"
y
c:output:0
h

f13
x
y@
cPartitionedCallx*
fR
f14*
Tin
0*
Tout
0"
y
c:output:0
h

f14
x
y@
cPartitionedCallx*
fR
f15*
Tin
0*
Tout
0"
y
c:output:0
h

f15
x
y@
cPartitionedCallx*
fR
f16*
Tin
0*
Tout
0"
y
c:output:0
h

f16
x
y@
cPartitionedCallx*
fR
f17*
Tin
0*
Tout
0"
y
c:output:0
h

f17
x
y@
cPartitionedCallx*
fR
f18*
Tin
0*
Tout
0"
y
c:output:0
h

f18
x
y@
cPartitionedCallx*
fR
f19*
Tin
0*
Tout
0"
y
c:output:0
h

f19
x
y@
cPartitionedCallx*
fR
f20*
Tin
0*
Tout
0"
y
c:output:0
h

f20
x
y@
cPartitionedCallx*
fR
f21*
Tin
0*
Tout
0"
y
c:output:0
h

f21
x
y@
cPartitionedCallx*
fR
f22*
Tin
0*
Tout
0"
y
c:output:0
h

f22
x
y@
cPartitionedCallx*
fR
f23*
Tin
0*
Tout
0"
y
c:output:0
h

f23
x
y@
cPartitionedCallx*
fR
f24*
Tin
0*
Tout
0"
y
c:output:0
h

f24
x
y@
cPartitionedCallx*
fR
f25*
Tin
0*
Tout
0"
y
c:output:0
h

f25
x
y@
cPartitionedCallx*
fR
f26*
Tin
0*
Tout
0"
y
c:output:0
h

f26
x
y@
cPartitionedCallx*
fR
f27*
Tin
0*
Tout
0"
y
c:output:0
h

f27
x
y@
cPartitionedCallx*
fR
f28*
Tin
0*
Tout
0"
y
c:output:0
h

f28
x
y@
cPartitionedCallx*
fR
f29*
Tin
0*
Tout
0"
y
c:output:0
h

f29
x
y@
cPartitionedCallx*
fR
f30*
Tin
0*
Tout
0"
y
c:output:0
h

f30
x
y@
cPartitionedCallx*
fR
f31*
Tin
0*
Tout
0"
y
c:output:0
h

f31
x
y@
cPartitionedCallx*
fR
f32*
Tin
0*
Tout
0"
y
c:output:0
h

f32
x
y@
cPartitionedCallx*
fR
f33*
Tin
0*
Tout
0"
y
c:output:0
h

f33
x
y@
cPartitionedCallx*
fR
f34*
Tin
0*
Tout
0"
y
c:output:0
h

f34
x
y@
cPartitionedCallx*
fR
f35*
Tin
0*
Tout
0"
y
c:output:0
h

f35
x
y@
cPartitionedCallx*
fR
f36*
Tin
0*
Tout
0"
y
c:output:0
h

f36
x
y@
cPartitionedCallx*
fR
f37*
Tin
0*
Tout
0"
y
c:output:0
h

f37
x
y@
cPartitionedCallx*
fR
f38*
Tin
0*
Tout
0"
y
c:output:0
h

f38
x
y@
cPartitionedCallx*
fR
f39*
Tin
0*
Tout
0"
y
c:output:0
h

f39
x
y@
cPartitionedCallx*
fR
f40*
Tin
0*
Tout
0"
y
c:output:0
h

f40
x
y@
cPartitionedCallx*
fR
f41*
Tin
0*
Tout
0"
y
c:output:0
h

f41
x
y@
cPartitionedCallx*
fR
f42*
Tin
0*
Tout
0"
y
c:output:0
h

f42
x
y@
cPartitionedCallx*
fR
f43*
Tin
0*
Tout
0"
y
c:output:0
h

f43
x
y@
cPartitionedCallx*
fR
f44*
Tin
0*
Tout
0"
y
c:output:0
h

f44
x
y@
cPartitionedCallx*
fR
f45*
Tin
0*
Tout
0"
y
c:output:0
h

f45
x
y@
cPartitionedCallx*
fR
f46*
Tin
0*
Tout
0"
y
c:output:0
h

f46
x
y@
cPartitionedCallx*
fR
f47*
Tin
0*
Tout
0"
y
c:output:0
h

f47
x
y@
cPartitionedCallx*
fR
f48*
Tin
0*
Tout
0"
y
c:output:0
h

f48
x
y@
cPartitionedCallx*
fR
f49*
Tin
0*
Tout
0"
y
c:output:0
h

f49
x
y@
cPartitionedCallx*
fR
f50*
Tin
0*
Tout
0"
y
c:output:0
h

f50
x
y@
cPartitionedCallx*
fR
f51*
Tin
0*
Tout
0"
y
c:output:0
h

f51
x
y@
cPartitionedCallx*
fR
f52*
Tin
0*
Tout
0"
y
c:output:0
h

f52
x
y@
cPartitionedCallx*
fR
f53*
Tin
0*
Tout
0"
y
c:output:0
h

f53
x
y@
cPartitionedCallx*
fR
f54*
Tin
0*
Tout
0"
y
c:output:0
h

f54
x
y@
cPartitionedCallx*
fR
f55*
Tin
0*
Tout
0"
y
c:output:0
h

f55
x
y@
cPartitionedCallx*
fR
f56*
Tin
0*
Tout
0"
y
c:output:0
h

f56
x
y@
cPartitionedCallx*
fR
f57*
Tin
0*
Tout
0"
y
c:output:0
h

f57
x
y@
cPartitionedCallx*
fR
f58*
Tin
0*
Tout
0"
y
c:output:0
h

f58
x
y@
cPartitionedCallx*
fR
f59*
Tin
0*
Tout
0"
y
c:output:0
h

f59
x
y@
cPartitionedCallx*
fR
f60*
Tin
0*
Tout
0"
y
c:output:0
h

f60
x
y@
cPartitionedCallx*
fR
f61*
Tin
0*
Tout
0"
y
c:output:0
h

f61
x
y@
cPartitionedCallx*
fR
f62*
Tin
0*
Tout
0"
y
c:output:0
h

f62
x
y@
cPartitionedCallx*
fR
f63*
Tin
0*
Tout
0"
y
c:output:0
h

f63
x
y@
cPartitionedCallx*
fR
f64*
Tin
0*
Tout
0"
y
c:output:0
h

f64
x
y@
cPartitionedCallx*
fR
f65*
Tin
0*
Tout
0"
y
c:output:0
h

f65
x
y@
cPartitionedCallx*
fR
f66*
Tin
0*
Tout
0"
y
c:output:0
h

f66
x
y@
cPartitionedCallx*
fR
f67*
Tin
0*
Tout
0"
y
c:output:0
h

f67
x
y@
cPartitionedCallx*
fR
f68*
Tin
0*
Tout
0"
y
c:output:0
h

f68
x
y@
cPartitionedCallx*
fR
f69*
Tin
0*
Tout
0"
y
c:output:0
h

f69
x
y@
cPartitionedCallx*
fR
f70*
Tin
0*
Tout
0"
y
c:output:0
h

f70
x
y@
cPartitionedCallx*
fR
f71*
Tin
0*
Tout
0"
y
c:output:0
h

f71
x
y@
cPartitionedCallx*
fR
f72*
Tin
0*
Tout
0"
y
c:output:0
h

f72
x
y@
cPartitionedCallx*
fR
f73*
Tin
0*
Tout
0"
y
c:output:0
h

f73
x
y@
cPartitionedCallx*
fR
f74*
Tin
0*
Tout
0"
y
c:output:0
h

f74
x
y@
cPartitionedCallx*
fR
f75*
Tin
0*
Tout
0"
y
c:output:0
h

f75
x
y@
cPartitionedCallx*
fR
f76*
Tin
0*
Tout
0"
y
c:output:0
h

f76
x
y@
cPartitionedCallx*
fR
f77*
Tin
0*
Tout
0"
y
c:output:0
h

f77
x
y@
cPartitionedCallx*
fR
f78*
Tin
0*
Tout
0"
y
c:output:0
h

f78
x
y@
cPartitionedCallx*
fR
f79*
Tin
0*
Tout
0"
y
c:output:0
h

f79
x
y@
cPartitionedCallx*
fR
f80*
Tin
0*
Tout
0"
y
c:output:0
h

f80
x
y@
cPartitionedCallx*
fR
f81*
Tin
0*
Tout
0"
y
c:output:0
h

f81
x
y@
cPartitionedCallx*
fR
f82*
Tin
0*
Tout
0"
y
c:output:0
h

f82
x
y@
cPartitionedCallx*
fR
f83*
Tin
0*
Tout
0"
y
c:output:0
h

f83
x
y@
cPartitionedCallx*
fR
f84*
Tin
0*
Tout
0"
y
c:output:0
h

f84
x
y@
cPartitionedCallx*
fR
f85*
Tin
0*
Tout
0"
y
c:output:0
h

f85
x
y@
cPartitionedCallx*
fR
f86*
Tin
0*
Tout
0"
y
c:output:0
h

f86
x
y@
cPartitionedCallx*
fR
f87*
Tin
0*
Tout
0"
y
c:output:0
h

f87
x
y@
cPartitionedCallx*
fR
f88*
Tin
0*
Tout
0"
y
c:output:0
h

f88
x
y@
cPartitionedCallx*
fR
f89*
Tin
0*
Tout
0"
y
c:output:0
h

f89
x
y@
cPartitionedCallx*
fR
f90*
Tin
0*
Tout
0"
y
c:output:0
h

f90
x
y@
cPartitionedCallx*
fR
f91*
Tin
0*
Tout
0"
y
c:output:0
h

f91
x
y@
cPartitionedCallx*
fR
f92*
Tin
0*
Tout
0"
y
c:output:0
h

f92
x
y@
cPartitionedCallx*
fR
f93*
Tin
0*
Tout
0"
y
c:output:0
h

f93
x
y@
cPartitionedCallx*
fR
f94*
Tin
0*
Tout
0"
y
c:output:0
h

f94
x
y@
cPartitionedCallx*
fR
f95*
Tin
0*
Tout
0"
y
c:output:0
h

f95
x
y@
cPartitionedCallx*
fR
f96*
Tin
0*
Tout
0"
y
c:output:0
h

f96
x
y@
cPartitionedCallx*
fR
f97*
Tin
0*
Tout
0"
y
c:output:0
h

f97
x
y@
cPartitionedCallx*
fR
f98*
Tin
0*
Tout
0"
y
c:output:0
h

f98
x
y@
cPartitionedCallx*
fR
f99*
Tin
0*
Tout
0"
y
c:output:0
i

f99
x
yA
cPartitionedCallx*
fR
f100*
Tin
0*
Tout
0"
y
c:output:0
j

f100
x
yA
cPartitionedCallx*
fR
f101*
Tin
0*
Tout
0"
y
c:output:0
j

f101
x
yA
cPartitionedCallx*
fR
f102*
Tin
0*
Tout
0"
y
c:output:0
j

f102
x
yA
cPartitionedCallx*
fR
f103*
Tin
0*
Tout
0"
y
c:output:0
j

f103
x
yA
cPartitionedCallx*
fR
f104*
Tin
0*
Tout
0"
y
c:output:0
j

f104
x
yA
cPartitionedCallx*
fR
f105*
Tin
0*
Tout
0"
y
c:output:0
j

f105
x
yA
cPartitionedCallx*
fR
f106*
Tin
0*
Tout
0"
y
c:output:0
j

f106
x
yA
cPartitionedCallx*
fR
f107*
Tin
0*
Tout
0"
y
c:output:0
j

f107
x
yA
cPartitionedCallx*
fR
f108*
Tin
0*
Tout
0"
y
c:output:0
j

f108
x
yA
cPartitionedCallx*
fR
f109*
Tin
0*
Tout
0"
y
c:output:0
j

f109
x
yA
cPartitionedCallx*
fR
f110*
Tin
0*
Tout
0"
y
c:output:0
j

f110
x
yA
cPartitionedCallx*
fR
f111*
Tin
0*
Tout
0"
y
c:output:0
j

f111
x
yA
cPartitionedCallx*
fR
f112*
Tin
0*
Tout
0"
y
c:output:0
j

f112
x
yA
cPartitionedCallx*
fR
f113*
Tin
0*
Tout
0"
y
c:output:0
j

f113
x
yA
cPartitionedCallx*
fR
f114*
Tin
0*
Tout
0"
y
c:output:0
j

f114
x
yA
cPartitionedCallx*
fR
f115*
Tin
0*
Tout
0"
y
c:output:0
j

f115
x
yA
cPartitionedCallx*
fR
f116*
Tin
0*
Tout
0"
y
c:output:0
j

f116
x
yA
cPartitionedCallx*
fR
f117*
Tin
0*
Tout
0"
y
c:output:0
j

f117
x
yA
cPartitionedCallx*
fR
f118*
Tin
0*
Tout
0"
y
c:output:0
j

f118
x
yA
cPartitionedCallx*
fR
f119*
Tin
0*
Tout
0"
y
c:output:0
j

f119
x
yA
cPartitionedCallx*
fR
f120*
Tin
0*
Tout
0"
y
c:output:0
j

f120
x
yA
cPartitionedCallx*
fR
f121*
Tin
0*
Tout
0"
y
c:output:0
j

f121
x
yA
cPartitionedCallx*
fR
f122*
Tin
0*
Tout
0"
y
c:output:0
j

f122
x
yA
cPartitionedCallx*
fR
f123*
Tin
0*
Tout
0"
y
c:output:0
j

f123
x
yA
cPartitionedCallx*
fR
f124*
Tin
0*
Tout
0"
y
c:output:0
j

f124
x
yA
cPartitionedCallx*
fR
f125*
Tin
0*
Tout
0"
y
c:output:0
j

f125
x
yA
cPartitionedCallx*
fR
f126*
Tin
0*
Tout
0"
y
c:output:0
j

f126
x
yA
cPartitionedCallx*
fR
f127*
Tin
0*
Tout
0"
y
c:output:0
j

f127
x
yA
cPartitionedCallx*
fR
f128*
Tin
0*
Tout
0"
y
c:output:0
j

f128
x
yA
cPartitionedCallx*
fR
f129*
Tin
0*
Tout
0"
y
c:output:0
j

f129
x
yA
cPartitionedCallx*
fR
f130*
Tin
0*
Tout
0"
y
c:output:0
j

f130
x
yA
cPartitionedCallx*
fR
f131*
Tin
0*
Tout
0"
y
c:output:0
j

f131
x
yA
cPartitionedCallx*
fR
f132*
Tin
0*
Tout
0"
y
c:output:0
j

f132
x
yA
cPartitionedCallx*
fR
f133*
Tin
0*
Tout
0"
y
c:output:0
j

f133
x
yA
cPartitionedCallx*
fR
f134*
Tin
0*
Tout
0"
y
c:output:0
j

f134
x
yA
cPartitionedCallx*
fR
f135*
Tin
0*
Tout
0"
y
c:output:0
j

f135
x
yA
cPartitionedCallx*
fR
f136*
Tin
0*
Tout
0"
y
c:output:0
j

f136
x
yA
cPartitionedCallx*
fR
f137*
Tin
0*
Tout
0"
y
c:output:0
j

f137
x
yA
cPartitionedCallx*
fR
f138*
Tin
0*
Tout
0"
y
c:output:0
j

f138
x
yA
cPartitionedCallx*
fR
f139*
Tin
0*
Tout
0"
y
c:output:0
j

f139
x
yA
cPartitionedCallx*
fR
f140*
Tin
0*
Tout
0"
y
c:output:0
j

f140
x
yA
cPartitionedCallx*
fR
f141*
Tin
0*
Tout
0"
y
c:output:0
j

f141
x
yA
cPartitionedCallx*
fR
f142*
Tin
0*
Tout
0"
y
c:output:0
j

f142
x
yA
cPartitionedCallx*
fR
f143*
Tin
0*
Tout
0"
y
c:output:0
j

f143
x
yA
cPartitionedCallx*
fR
f144*
Tin
0*
Tout
0"
y
c:output:0
j

f144
x
yA
cPartitionedCallx*
fR
f145*
Tin
0*
Tout
0"
y
c:output:0
j

f145
x
yA
cPartitionedCallx*
fR
f146*
Tin
0*
Tout
0"
y
c:output:0
j

f146
x
yA
cPartitionedCallx*
fR
f147*
Tin
0*
Tout
0"
y
c:output:0
j

f147
x
yA
cPartitionedCallx*
fR
f148*
Tin
0*
Tout
0"
y
c:output:0
j

f148
x
yA
cPartitionedCallx*
fR
f149*
Tin
0*
Tout
0"
y
c:output:0
j

f149
x
yA
cPartitionedCallx*
fR
f150*
Tin
0*
Tout
0"
y
c:output:0
j

f150
x
yA
cPartitionedCallx*
fR
f151*
Tin
0*
Tout
0"
y
c:output:0
j

f151
x
yA
cPartitionedCallx*
fR
f152*
Tin
0*
Tout
0"
y
c:output:0
j

f152
x
yA
cPartitionedCallx*
fR
f153*
Tin
0*
Tout
0"
y
c:output:0
j

f153
x
yA
cPartitionedCallx*
fR
f154*
Tin
0*
Tout
0"
y
c:output:0
j

f154
x
yA
cPartitionedCallx*
fR
f155*
Tin
0*
Tout
0"
y
c:output:0
j

f155
x
yA
cPartitionedCallx*
fR
f156*
Tin
0*
Tout
0"
y
c:output:0
j

f156
x
yA
cPartitionedCallx*
fR
f157*
Tin
0*
Tout
0"
y
c:output:0
j

f157
x
yA
cPartitionedCallx*
fR
f158*
Tin
0*
Tout
0"
y
c:output:0
j

f158
x
yA
cPartitionedCallx*
fR
f159*
Tin
0*
Tout
0"
y
c:output:0
j

f159
x
yA
cPartitionedCallx*
fR
f160*
Tin
0*
Tout
0"
y
c:output:0
j

f160
x
yA
cPartitionedCallx*
fR
f161*
Tin
0*
Tout
0"
y
c:output:0
j

f161
x
yA
cPartitionedCallx*
fR
f162*
Tin
0*
Tout
0"
y
c:output:0
j

f162
x
yA
cPartitionedCallx*
fR
f163*
Tin
0*
Tout
0"
y
c:output:0
j

f163
x
yA
cPartitionedCallx*
fR
f164*
Tin
0*
Tout
0"
y
c:output:0
j

f164
x
yA
cPartitionedCallx*
fR
f165*
Tin
0*
Tout
0"
y
c:output:0
j

f165
x
yA
cPartitionedCallx*
fR
f166*
Tin
0*
Tout
0"
y
c:output:0
j

f166
x
yA
cPartitionedCallx*
fR
f167*
Tin
0*
Tout
0"
y
c:output:0
j

f167
x
yA
cPartitionedCallx*
fR
f168*
Tin
0*
Tout
0"
y
c:output:0
j

f168
x
yA
cPartitionedCallx*
fR
f169*
Tin
0*
Tout
0"
y
c:output:0
j

f169
x
yA
cPartitionedCallx*
fR
f170*
Tin
0*
Tout
0"
y
c:output:0
j

f170
x
yA
cPartitionedCallx*
fR
f171*
Tin
0*
Tout
0"
y
c:output:0
j

f171
x
yA
cPartitionedCallx*
fR
f172*
Tin
0*
Tout
0"
y
c:output:0
j

f172
x
yA
cPartitionedCallx*
fR
f173*
Tin
0*
Tout
0"
y
c:output:0
j

f173
x
yA
cPartitionedCallx*
fR
f174*
Tin
0*
Tout
0"
y
c:output:0
j

f174
x
yA
cPartitionedCallx*
fR
f175*
Tin
0*
Tout
0"
y
c:output:0
j

f175
x
yA
cPartitionedCallx*
fR
f176*
Tin
0*
Tout
0"
y
c:output:0
j

f176
x
yA
cPartitionedCallx*
fR
f177*
Tin
0*
Tout
0"
y
c:output:0
j

f177
x
yA
cPartitionedCallx*
fR
f178*
Tin
0*
Tout
0"
y
c:output:0
j

f178
x
yA
cPartitionedCallx*
fR
f179*
Tin
0*
Tout
0"
y
c:output:0
j

f179
x
yA
cPartitionedCallx*
fR
f180*
Tin
0*
Tout
0"
y
c:output:0
j

f180
x
yA
cPartitionedCallx*
fR
f181*
Tin
0*
Tout
0"
y
c:output:0
j

f181
x
yA
cPartitionedCallx*
fR
f182*
Tin
0*
Tout
0"
y
c:output:0
j

f182
x
yA
cPartitionedCallx*
fR
f183*
Tin
0*
Tout
0"
y
c:output:0
j

f183
x
yA
cPartitionedCallx*
fR
f184*
Tin
0*
Tout
0"
y
c:output:0
j

f184
x
yA
cPartitionedCallx*
fR
f185*
Tin
0*
Tout
0"
y
c:output:0
j

f185
x
yA
cPartitionedCallx*
fR
f186*
Tin
0*
Tout
0"
y
c:output:0
j

f186
x
yA
cPartitionedCallx*
fR
f187*
Tin
0*
Tout
0"
y
c:output:0
j

f187
x
yA
cPartitionedCallx*
fR
f188*
Tin
0*
Tout
0"
y
c:output:0
j

f188
x
yA
cPartitionedCallx*
fR
f189*
Tin
0*
Tout
0"
y
c:output:0
j

f189
x
yA
cPartitionedCallx*
fR
f190*
Tin
0*
Tout
0"
y
c:output:0
j

f190
x
yA
cPartitionedCallx*
fR
f191*
Tin
0*
Tout
0"
y
c:output:0
j

f191
x
yA
cPartitionedCallx*
fR
f192*
Tin
0*
Tout
0"
y
c:output:0
j

f192
x
yA
cPartitionedCallx*
fR
f193*
Tin
0*
Tout
0"
y
c:output:0
j

f193
x
yA
cPartitionedCallx*
fR
f194*
Tin
0*
Tout
0"
y
c:output:0
j

f194
x
yA
cPartitionedCallx*
fR
f195*
Tin
0*
Tout
0"
y
c:output:0
j

f195
x
yA
cPartitionedCallx*
fR
f196*
Tin
0*
Tout
0"
y
c:output:0
j

f196
x
yA
cPartitionedCallx*
fR
f197*
Tin
0*
Tout
0"
y
c:output:0
j

f197
x
yA
cPartitionedCallx*
fR
f198*
Tin
0*
Tout
0"
y
c:output:0
j

f198
x
yA
cPartitionedCallx*
fR
f199*
Tin
0*
Tout
0"
y
c:output:0
j

f199
x
yA
cPartitionedCallx*
fR
f200*
Tin
0*
Tout
0"
y
c:output:0
j

f200
x
yA
cPartitionedCallx*
fR
f201*
Tin
0*
Tout
0"
y
c:output:0
j

f201
x
yA
cPartitionedCallx*
fR
f202*
Tin
0*
Tout
0"
y
c:output:0
j

f202
x
yA
cPartitionedCallx*
fR
f203*
Tin
0*
Tout
0"
y
c:output:0
j

f203
x
yA
cPartitionedCallx*
fR
f204*
Tin
0*
Tout
0"
y
c:output:0
j

f204
x
yA
cPartitionedCallx*
fR
f205*
Tin
0*
Tout
0"
y
c:output:0
j

f205
x
yA
cPartitionedCallx*
fR
f206*
Tin
0*
Tout
0"
y
c:output:0
j

f206
x
yA
cPartitionedCallx*
fR
f207*
Tin
0*
Tout
0"
y
c:output:0
j

f207
x
yA
cPartitionedCallx*
fR
f208*
Tin
0*
Tout
0"
y
c:output:0
j

f208
x
yA
cPartitionedCallx*
fR
f209*
Tin
0*
Tout
0"
y
c:output:0
j

f209
x
yA
cPartitionedCallx*
fR
f210*
Tin
0*
Tout
0"
y
c:output:0
j

f210
x
yA
cPartitionedCallx*
fR
f211*
Tin
0*
Tout
0"
y
c:output:0
j

f211
x
yA
cPartitionedCallx*
fR
f212*
Tin
0*
Tout
0"
y
c:output:0
j

f212
x
yA
cPartitionedCallx*
fR
f213*
Tin
0*
Tout
0"
y
c:output:0
j

f213
x
yA
cPartitionedCallx*
fR
f214*
Tin
0*
Tout
0"
y
c:output:0
j

f214
x
yA
cPartitionedCallx*
fR
f215*
Tin
0*
Tout
0"
y
c:output:0
j

f215
x
yA
cPartitionedCallx*
fR
f216*
Tin
0*
Tout
0"
y
c:output:0
j

f216
x
yA
cPartitionedCallx*
fR
f217*
Tin
0*
Tout
0"
y
c:output:0
j

f217
x
yA
cPartitionedCallx*
fR
f218*
Tin
0*
Tout
0"
y
c:output:0
j

f218
x
yA
cPartitionedCallx*
fR
f219*
Tin
0*
Tout
0"
y
c:output:0
j

f219
x
yA
cPartitionedCallx*
fR
f220*
Tin
0*
Tout
0"
y
c:output:0
j

f220
x
yA
cPartitionedCallx*
fR
f221*
Tin
0*
Tout
0"
y
c:output:0
j

f221
x
yA
cPartitionedCallx*
fR
f222*
Tin
0*
Tout
0"
y
c:output:0
j

f222
x
yA
cPartitionedCallx*
fR
f223*
Tin
0*
Tout
0"
y
c:output:0
j

f223
x
yA
cPartitionedCallx*
fR
f224*
Tin
0*
Tout
0"
y
c:output:0
j

f224
x
yA
cPartitionedCallx*
fR
f225*
Tin
0*
Tout
0"
y
c:output:0
j

f225
x
yA
cPartitionedCallx*
fR
f226*
Tin
0*
Tout
0"
y
c:output:0
j

f226
x
yA
cPartitionedCallx*
fR
f227*
Tin
0*
Tout
0"
y
c:output:0
j

f227
x
yA
cPartitionedCallx*
fR
f228*
Tin
0*
Tout
0"
y
c:output:0
j

f228
x
yA
cPartitionedCallx*
fR
f229*
Tin
0*
Tout
0"
y
c:output:0
j

f229
x
yA
cPartitionedCallx*
fR
f230*
Tin
0*
Tout
0"
y
c:output:0
j

f230
x
yA
cPartitionedCallx*
fR
f231*
Tin
0*
Tout
0"
y
c:output:0
j

f231
x
yA
cPartitionedCallx*
fR
f232*
Tin
0*
Tout
0"
y
c:output:0
j

f232
x
yA
cPartitionedCallx*
fR
f233*
Tin
0*
Tout
0"
y
c:output:0
j

f233
x
yA
cPartitionedCallx*
fR
f234*
Tin
0*
Tout
0"
y
c:output:0
j

f234
x
yA
cPartitionedCallx*
fR
f235*
Tin
0*
Tout
0"
y
c:output:0
j

f235
x
yA
cPartitionedCallx*
fR
f236*
Tin
0*
Tout
0"
y
c:output:0
j

f236
x
yA
cPartitionedCallx*
fR
f237*
Tin
0*
Tout
0"
y
c:output:0
j

f237
x
yA
cPartitionedCallx*
fR
f238*
Tin
0*
Tout
0"
y
c:output:0
j

f238
x
yA
cPartitionedCallx*
fR
f239*
Tin
0*
Tout
0"
y
c:output:0
j

f239
x
yA
cPartitionedCallx*
fR
f240*
Tin
0*
Tout
0"
y
c:output:0
j

f240
x
yA
cPartitionedCallx*
fR
f241*
Tin
0*
Tout
0"
y
c:output:0
j

f241
x
yA
cPartitionedCallx*
fR
f242*
Tin
0*
Tout
0"
y
c:output:0
j

f242
x
yA
cPartitionedCallx*
fR
f243*
Tin
0*
Tout
0"
y
c:output:0
j

f243
x
yA
cPartitionedCallx*
fR
f244*
Tin
0*
Tout
0"
y
c:output:0
j

f244
x
yA
cPartitionedCallx*
fR
f245*
Tin
0*
Tout
0"
y
c:output:0
j

f245
x
yA
cPartitionedCallx*
fR
f246*
Tin
0*
Tout
0"
y
c:output:0
j

f246
x
yA
cPartitionedCallx*
fR
f247*
Tin
0*
Tout
0"
y
c:output:0
j

f247
x
yA
cPartitionedCallx*
fR
f248*
Tin
0*
Tout
0"
y
c:output:0
j

f248
x
yA
cPartitionedCallx*
fR
f249*
Tin
0*
Tout
0"
y
c:output:0
j

f249
x
yA
cPartitionedCallx*
fR
f250*
Tin
0*
Tout
0"
y
c:output:0
j

f250
x
yA
cPartitionedCallx*
fR
f251*
Tin
0*
Tout
0"
y
c:output:0
j

f251
x
yA
cPartitionedCallx*
fR
f252*
Tin
0*
Tout
0"
y
c:output:0
j

f252
x
yA
cPartitionedCallx*
fR
f253*
Tin
0*
Tout
0"
y
c:output:0
j

f253
x
yA
cPartitionedCallx*
fR
f254*
Tin
0*
Tout
0"
y
c:output:0
j

f254
x
yA
cPartitionedCallx*
fR
f255*
Tin
0*
Tout
0"
y
c:output:0
j

f255
x
yA
cPartitionedCallx*
fR
f256*
Tin
0*
Tout
0"
y
c:output:0
j

f256
x
yA
cPartitionedCallx*
fR
f257*
Tin
0*
Tout
0"
y
c:output:0
j

f257
x
yA
cPartitionedCallx*
fR
f258*
Tin
0*
Tout
0"
y
c:output:0
j

f258
x
yA
cPartitionedCallx*
fR
f259*
Tin
0*
Tout
0"
y
c:output:0
j

f259
x
yA
cPartitionedCallx*
fR
f260*
Tin
0*
Tout
0"
y
c:output:0
j

f260
x
yA
cPartitionedCallx*
fR
f261*
Tin
0*
Tout
0"
y
c:output:0
j

f261
x
yA
cPartitionedCallx*
fR
f262*
Tin
0*
Tout
0"
y
c:output:0
j

f262
x
yA
cPartitionedCallx*
fR
f263*
Tin
0*
Tout
0"
y
c:output:0
j

f263
x
yA
cPartitionedCallx*
fR
f264*
Tin
0*
Tout
0"
y
c:output:0
j

f264
x
yA
cPartitionedCallx*
fR
f265*
Tin
0*
Tout
0"
y
c:output:0
j

f265
x
yA
cPartitionedCallx*
fR
f266*
Tin
0*
Tout
0"
y
c:output:0
j

f266
x
yA
cPartitionedCallx*
fR
f267*
Tin
0*
Tout
0"
y
c:output:0
j

f267
x
yA
cPartitionedCallx*
fR
f268*
Tin
0*
Tout
0"
y
c:output:0
j

f268
x
yA
cPartitionedCallx*
fR
f269*
Tin
0*
Tout
0"
y
c:output:0
j

f269
x
yA
cPartitionedCallx*
fR
f270*
Tin
0*
Tout
0"
y
c:output:0
j

f270
x
yA
cPartitionedCallx*
fR
f271*
Tin
0*
Tout
0"
y
c:output:0
j

f271
x
yA
cPartitionedCallx*
fR
f272*
Tin
0*
Tout
0"
y
c:output:0
j

f272
x
yA
cPartitionedCallx*
fR
f273*
Tin
0*
Tout
0"
y
c:output:0
j

f273
x
yA
cPartitionedCallx*
fR
f274*
Tin
0*
Tout
0"
y
c:output:0
j

f274
x
yA
cPartitionedCallx*
fR
f275*
Tin
0*
Tout
0"
y
c:output:0
j

f275
x
yA
cPartitionedCallx*
fR
f276*
Tin
0*
Tout
0"
y
c:output:0
j

f276
x
yA
cPartitionedCallx*
fR
f277*
Tin
0*
Tout
0"
y
c:output:0
j

f277
x
yA
cPartitionedCallx*
fR
f278*
Tin
0*
Tout
0"
y
c:output:0
j

f278
x
yA
cPartitionedCallx*
fR
f279*
Tin
0*
Tout
0"
y
c:output:0
j

f279
x
yA
cPartitionedCallx*
fR
f280*
Tin
0*
Tout
0"
y
c:output:0
j

f280
x
yA
cPartitionedCallx*
fR
f281*
Tin
0*
Tout
0"
y
c:output:0
j

f281
x
yA
cPartitionedCallx*
fR
f282*
Tin
0*
Tout
0"
y
c:output:0
j

f282
x
yA
cPartitionedCallx*
fR
f283*
Tin
0*
Tout
0"
y
c:output:0
j

f283
x
yA
cPartitionedCallx*
fR
f284*
Tin
0*
Tout
0"
y
c:output:0
j

f284
x
yA
cPartitionedCallx*
fR
f285*
Tin
0*
Tout
0"
y
c:output:0
j

f285
x
yA
cPartitionedCallx*
fR
f286*
Tin
0*
Tout
0"
y
c:output:0
j

f286
x
yA
cPartitionedCallx*
fR
f287*
Tin
0*
Tout
0"
y
c:output:0
j

f287
x
yA
cPartitionedCallx*
fR
f288*
Tin
0*
Tout
0"
y
c:output:0
j

f288
x
yA
cPartitionedCallx*
fR
f289*
Tin
0*
Tout
0"
y
c:output:0
j

f289
x
yA
cPartitionedCallx*
fR
f290*
Tin
0*
Tout
0"
y
c:output:0
j

f290
x
yA
cPartitionedCallx*
fR
f291*
Tin
0*
Tout
0"
y
c:output:0
j

f291
x
yA
cPartitionedCallx*
fR
f292*
Tin
0*
Tout
0"
y
c:output:0
j

f292
x
yA
cPartitionedCallx*
fR
f293*
Tin
0*
Tout
0"
y
c:output:0
j

f293
x
yA
cPartitionedCallx*
fR
f294*
Tin
0*
Tout
0"
y
c:output:0
j

f294
x
yA
cPartitionedCallx*
fR
f295*
Tin
0*
Tout
0"
y
c:output:0
j

f295
x
yA
cPartitionedCallx*
fR
f296*
Tin
0*
Tout
0"
y
c:output:0
j

f296
x
yA
cPartitionedCallx*
fR
f297*
Tin
0*
Tout
0"
y
c:output:0
j

f297
x
yA
cPartitionedCallx*
fR
f298*
Tin
0*
Tout
0"
y
c:output:0
j

f298
x
yA
cPartitionedCallx*
fR
f299*
Tin
0*
Tout
0"
y
c:output:0
j

f299
x
yA
cPartitionedCallx*
fR
f300*
Tin
0*
Tout
0"
y
c:output:0
j

f300
x
yA
cPartitionedCallx*
fR
f301*
Tin
0*
Tout
0"
y
c:output:0
j

f301
x
yA
cPartitionedCallx*
fR
f302*
Tin
0*
Tout
0"
y
c:output:0
j

f302
x
yA
cPartitionedCallx*
fR
f303*
Tin
0*
Tout
0"
y
c:output:0
j

f303
x
yA
cPartitionedCallx*
fR
f304*
Tin
0*
Tout
0"
y
c:output:0
j

f304
x
yA
cPartitionedCallx*
fR
f305*
Tin
0*
Tout
0"
y
c:output:0
j

f305
x
yA
cPartitionedCallx*
fR
f306*
Tin
0*
Tout
0"
y
c:output:0
j

f306
x
yA
cPartitionedCallx*
fR
f307*
Tin
0*
Tout
0"
y
c:output:0
j

f307
x
yA
cPartitionedCallx*
fR
f308*
Tin
0*
Tout
0"
y
c:output:0
j

f308
x
yA
cPartitionedCallx*
fR
f309*
Tin
0*
Tout
0"
y
c:output:0
j

f309
x
yA
cPartitionedCallx*
fR
f310*
Tin
0*
Tout
0"
y
c:output:0
j

f310
x
yA
cPartitionedCallx*
fR
f311*
Tin
0*
Tout
0"
y
c:output:0
j

f311
x
yA
cPartitionedCallx*
fR
f312*
Tin
0*
Tout
0"
y
c:output:0
j

f312
x
yA
cPartitionedCallx*
fR
f313*
Tin
0*
Tout
0"
y
c:output:0
j

f313
x
yA
cPartitionedCallx*
fR
f314*
Tin
0*
Tout
0"
y
c:output:0
j

f314
x
yA
cPartitionedCallx*
fR
f315*
Tin
0*
Tout
0"
y
c:output:0
j

f315
x
yA
cPartitionedCallx*
fR
f316*
Tin
0*
Tout
0"
y
c:output:0
j

f316
x
yA
cPartitionedCallx*
fR
f317*
Tin
0*
Tout
0"
y
c:output:0
j

f317
x
yA
cPartitionedCallx*
fR
f318*
Tin
0*
Tout
0"
y
c:output:0
j

f318
x
yA
cPartitionedCallx*
fR
f319*
Tin
0*
Tout
0"
y
c:output:0
j

f319
x
yA
cPartitionedCallx*
fR
f320*
Tin
0*
Tout
0"
y
c:output:0
j

f320
x
yA
cPartitionedCallx*
fR
f321*
Tin
0*
Tout
0"
y
c:output:0
j

f321
x
yA
cPartitionedCallx*
fR
f322*
Tin
0*
Tout
0"
y
c:output:0
j

f322
x
yA
cPartitionedCallx*
fR
f323*
Tin
0*
Tout
0"
y
c:output:0
j

f323
x
yA
cPartitionedCallx*
fR
f324*
Tin
0*
Tout
0"
y
c:output:0
j

f324
x
yA
cPartitionedCallx*
fR
f325*
Tin
0*
Tout
0"
y
c:output:0
j

f325
x
yA
cPartitionedCallx*
fR
f326*
Tin
0*
Tout
0"
y
c:output:0
j

f326
x
yA
cPartitionedCallx*
fR
f327*
Tin
0*
Tout
0"
y
c:output:0
j

f327
x
yA
cPartitionedCallx*
fR
f328*
Tin
0*
Tout
0"
y
c:output:0
j

f328
x
yA
cPartitionedCallx*
fR
f329*
Tin
0*
Tout
0"
y
c:output:0
j

f329
x
yA
cPartitionedCallx*
fR
f330*
Tin
0*
Tout
0"
y
c:output:0
j

f330
x
yA
cPartitionedCallx*
fR
f331*
Tin
0*
Tout
0"
y
c:output:0
j

f331
x
yA
cPartitionedCallx*
fR
f332*
Tin
0*
Tout
0"
y
c:output:0
j

f332
x
yA
cPartitionedCallx*
fR
f333*
Tin
0*
Tout
0"
y
c:output:0
j

f333
x
yA
cPartitionedCallx*
fR
f334*
Tin
0*
Tout
0"
y
c:output:0
j

f334
x
yA
cPartitionedCallx*
fR
f335*
Tin
0*
Tout
0"
y
c:output:0
j

f335
x
yA
cPartitionedCallx*
fR
f336*
Tin
0*
Tout
0"
y
c:output:0
j

f336
x
yA
cPartitionedCallx*
fR
f337*
Tin
0*
Tout
0"
y
c:output:0
j

f337
x
yA
cPartitionedCallx*
fR
f338*
Tin
0*
Tout
0"
y
c:output:0
j

f338
x
yA
cPartitionedCallx*
fR
f339*
Tin
0*
Tout
0"
y
c:output:0
j

f339
x
yA
cPartitionedCallx*
fR
f340*
Tin
0*
Tout
0"
y
c:output:0
j

f340
x
yA
cPartitionedCallx*
fR
f341*
Tin
0*
Tout
0"
y
c:output:0
j

f341
x
yA
cPartitionedCallx*
fR
f342*
Tin
0*
Tout
0"
y
c:output:0
j

f342
x
yA
cPartitionedCallx*
fR
f343*
Tin
0*
Tout
0"
y
c:output:0
j

f343
x
yA
cPartitionedCallx*
fR
f344*
Tin
0*
Tout
0"
y
c:output:0
j

f344
x
yA
cPartitionedCallx*
fR
f345*
Tin
0*
Tout
0"
y
c:output:0
j

f345
x
yA
cPartitionedCallx*
fR
f346*
Tin
0*
Tout
0"
y
c:output:0
j

f346
x
yA
cPartitionedCallx*
fR
f347*
Tin
0*
Tout
0"
y
c:output:0
j

f347
x
yA
cPartitionedCallx*
fR
f348*
Tin
0*
Tout
0"
y
c:output:0
j

f348
x
yA
cPartitionedCallx*
fR
f349*
Tin
0*
Tout
0"
y
c:output:0
j

f349
x
yA
cPartitionedCallx*
fR
f350*
Tin
0*
Tout
0"
y
c:output:0
j

f350
x
yA
cPartitionedCallx*
fR
f351*
Tin
0*
Tout
0"
y
c:output:0
j

f351
x
yA
cPartitionedCallx*
fR
f352*
Tin
0*
Tout
0"
y
c:output:0
j

f352
x
yA
cPartitionedCallx*
fR
f353*
Tin
0*
Tout
0"
y
c:output:0
j

f353
x
yA
cPartitionedCallx*
fR
f354*
Tin
0*
Tout
0"
y
c:output:0
j

f354
x
yA
cPartitionedCallx*
fR
f355*
Tin
0*
Tout
0"
y
c:output:0
j

f355
x
yA
cPartitionedCallx*
fR
f356*
Tin
0*
Tout
0"
y
c:output:0
j

f356
x
yA
cPartitionedCallx*
fR
f357*
Tin
0*
Tout
0"
y
c:output:0
j

f357
x
yA
cPartitionedCallx*
fR
f358*
Tin
0*
Tout
0"
y
c:output:0
j

f358
x
yA
cPartitionedCallx*
fR
f359*
Tin
0*
Tout
0"
y
c:output:0
j

f359
x
yA
cPartitionedCallx*
fR
f360*
Tin
0*
Tout
0"
y
c:output:0
j

f360
x
yA
cPartitionedCallx*
fR
f361*
Tin
0*
Tout
0"
y
c:output:0
j

f361
x
yA
cPartitionedCallx*
fR
f362*
Tin
0*
Tout
0"
y
c:output:0
j

f362
x
yA
cPartitionedCallx*
fR
f363*
Tin
0*
Tout
0"
y
c:output:0
j

f363
x
yA
cPartitionedCallx*
fR
f364*
Tin
0*
Tout
0"
y
c:output:0
j

f364
x
yA
cPartitionedCallx*
fR
f365*
Tin
0*
Tout
0"
y
c:output:0
j

f365
x
yA
cPartitionedCallx*
fR
f366*
Tin
0*
Tout
0"
y
c:output:0
j

f366
x
yA
cPartitionedCallx*
fR
f367*
Tin
0*
Tout
0"
y
c:output:0
j

f367
x
yA
cPartitionedCallx*
fR
f368*
Tin
0*
Tout
0"
y
c:output:0
j

f368
x
yA
cPartitionedCallx*
fR
f369*
Tin
0*
Tout
0"
y
c:output:0
j

f369
x
yA
cPartitionedCallx*
fR
f370*
Tin
0*
Tout
0"
y
c:output:0
j

f370
x
yA
cPartitionedCallx*
fR
f371*
Tin
0*
Tout
0"
y
c:output:0
j

f371
x
yA
cPartitionedCallx*
fR
f372*
Tin
0*
Tout
0"
y
c:output:0
j

f372
x
yA
cPartitionedCallx*
fR
f373*
Tin
0*
Tout
0"
y
c:output:0
j

f373
x
yA
cPartitionedCallx*
fR
f374*
Tin
0*
Tout
0"
y
c:output:0
j

f374
x
yA
cPartitionedCallx*
fR
f375*
Tin
0*
Tout
0"
y
c:output:0
j

f375
x
yA
cPartitionedCallx*
fR
f376*
Tin
0*
Tout
0"
y
c:output:0
j

f376
x
yA
cPartitionedCallx*
fR
f377*
Tin
0*
Tout
0"
y
c:output:0
j

f377
x
yA
cPartitionedCallx*
fR
f378*
Tin
0*
Tout
0"
y
c:output:0
j

f378
x
yA
cPartitionedCallx*
fR
f379*
Tin
0*
Tout
0"
y
c:output:0
j

f379
x
yA
cPartitionedCallx*
fR
f380*
Tin
0*
Tout
0"
y
c:output:0
j

f380
x
yA
cPartitionedCallx*
fR
f381*
Tin
0*
Tout
0"
y
c:output:0
j

f381
x
yA
cPartitionedCallx*
fR
f382*
Tin
0*
Tout
0"
y
c:output:0
j

f382
x
yA
cPartitionedCallx*
fR
f383*
Tin
0*
Tout
0"
y
c:output:0
j

f383
x
yA
cPartitionedCallx*
fR
f384*
Tin
0*
Tout
0"
y
c:output:0
j

f384
x
yA
cPartitionedCallx*
fR
f385*
Tin
0*
Tout
0"
y
c:output:0
j

f385
x
yA
cPartitionedCallx*
fR
f386*
Tin
0*
Tout
0"
y
c:output:0
j

f386
x
yA
cPartitionedCallx*
fR
f387*
Tin
0*
Tout
0"
y
c:output:0
j

f387
x
yA
cPartitionedCallx*
fR
f388*
Tin
0*
Tout
0"
y
c:output:0
j

f388
x
yA
cPartitionedCallx*
fR
f389*
Tin
0*
Tout
0"
y
c:output:0
j

f389
x
yA
cPartitionedCallx*
fR
f390*
Tin
0*
Tout
0"
y
c:output:0
j

f390
x
yA
cPartitionedCallx*
fR
f391*
Tin
0*
Tout
0"
y
c:output:0
j

f391
x
yA
cPartitionedCallx*
fR
f392*
Tin
0*
Tout
0"
y
c:output:0
j

f392
x
yA
cPartitionedCallx*
fR
f393*
Tin
0*
Tout
0"
y
c:output:0
j

f393
x
yA
cPartitionedCallx*
fR
f394*
Tin
0*
Tout
0"
y
c:output:0
j

f394
x
yA
cPartitionedCallx*
fR
f395*
Tin
0*
Tout
0"
y
c:output:0
j

f395
x
yA
cPartitionedCallx*
fR
f396*
Tin
0*
Tout
0"
y
c:output:0
j

f396
x
yA
cPartitionedCallx*
fR
f397*
Tin
0*
Tout
0"
y
c:output:0
j

f397
x
yA
cPartitionedCallx*
fR
f398*
Tin
0*
Tout
0"
y
c:output:0
j

f398
x
yA
cPartitionedCallx*
fR
f399*
Tin
0*
Tout
0"
y
c:output:0
j

f399
x
yA
cPartitionedCallx*
fR
f400*
Tin
0*
Tout
0"
y
c:output:0
j

f400
x
yA
cPartitionedCallx*
fR
f401*
Tin
0*
Tout
0"
y
c:output:0
j

f401
x
yA
cPartitionedCallx*
fR
f402*
Tin
0*
Tout
0"
y
c:output:0
j

f402
x
yA
cPartitionedCallx*
fR
f403*
Tin
0*
Tout
0"
y
c:output:0
j

f403
x
yA
cPartitionedCallx*
fR
f404*
Tin
0*
Tout
0"
y
c:output:0
j

f404
x
yA
cPartitionedCallx*
fR
f405*
Tin
0*
Tout
0"
y
c:output:0
j

f405
x
yA
cPartitionedCallx*
fR
f406*
Tin
0*
Tout
0"
y
c:output:0
j

f406
x
yA
cPartitionedCallx*
fR
f407*
Tin
0*
Tout
0"
y
c:output:0
j

f407
x
yA
cPartitionedCallx*
fR
f408*
Tin
0*
Tout
0"
y
c:output:0
j

f408
x
yA
cPartitionedCallx*
fR
f409*
Tin
0*
Tout
0"
y
c:output:0
j

f409
x
yA
cPartitionedCallx*
fR
f410*
Tin
0*
Tout
0"
y
c:output:0
j

f410
x
yA
cPartitionedCallx*
fR
f411*
Tin
0*
Tout
0"
y
c:output:0
j

f411
x
yA
cPartitionedCallx*
fR
f412*
Tin
0*
Tout
0"
y
c:output:0
j

f412
x
yA
cPartitionedCallx*
fR
f413*
Tin
0*
Tout
0"
y
c:output:0
j

f413
x
yA
cPartitionedCallx*
fR
f414*
Tin
0*
Tout
0"
y
c:output:0
j

f414
x
yA
cPartitionedCallx*
fR
f415*
Tin
0*
Tout
0"
y
c:output:0
j

f415
x
yA
cPartitionedCallx*
fR
f416*
Tin
0*
Tout
0"
y
c:output:0
j

f416
x
yA
cPartitionedCallx*
fR
f417*
Tin
0*
Tout
0"
y
c:output:0
j

f417
x
yA
cPartitionedCallx*
fR
f418*
Tin
0*
Tout
0"
y
c:output:0
j

f418
x
yA
cPartitionedCallx*
fR
f419*
Tin
0*
Tout
0"
y
c:output:0
j

f419
x
yA
cPartitionedCallx*
fR
f420*
Tin
0*
Tout
0"
y
c:output:0
j

f420
x
yA
cPartitionedCallx*
fR
f421*
Tin
0*
Tout
0"
y
c:output:0
j

f421
x
yA
cPartitionedCallx*
fR
f422*
Tin
0*
Tout
0"
y
c:output:0
j

f422
x
yA
cPartitionedCallx*
fR
f423*
Tin
0*
Tout
0"
y
c:output:0
j

f423
x
yA
cPartitionedCallx*
fR
f424*
Tin
0*
Tout
0"
y
c:output:0
j

f424
x
yA
cPartitionedCallx*
fR
f425*
Tin
0*
Tout
0"
y
c:output:0
j

f425
x
yA
cPartitionedCallx*
fR
f426*
Tin
0*
Tout
0"
y
c:output:0
j

f426
x
yA
cPartitionedCallx*
fR
f427*
Tin
0*
Tout
0"
y
c:output:0
j

f427
x
yA
cPartitionedCallx*
fR
f428*
Tin
0*
Tout
0"
y
c:output:0
j

f428
x
yA
cPartitionedCallx*
fR
f429*
Tin
0*
Tout
0"
y
c:output:0
j

f429
x
yA
cPartitionedCallx*
fR
f430*
Tin
0*
Tout
0"
y
c:output:0
j

f430
x
yA
cPartitionedCallx*
fR
f431*
Tin
0*
Tout
0"
y
c:output:0
j

f431
x
yA
cPartitionedCallx*
fR
f432*
Tin
0*
Tout
0"
y
c:output:0
j

f432
x
yA
cPartitionedCallx*
fR
f433*
Tin
0*
Tout
0"
y
c:output:0
j

f433
x
yA
cPartitionedCallx*
fR
f434*
Tin
0*
Tout
0"
y
c:output:0
j

f434
x
yA
cPartitionedCallx*
fR
f435*
Tin
0*
Tout
0"
y
c:output:0
j

f435
x
yA
cPartitionedCallx*
fR
f436*
Tin
0*
Tout
0"
y
c:output:0
j

f436
x
yA
cPartitionedCallx*
fR
f437*
Tin
0*
Tout
0"
y
c:output:0
j

f437
x
yA
cPartitionedCallx*
fR
f438*
Tin
0*
Tout
0"
y
c:output:0
j

f438
x
yA
cPartitionedCallx*
fR
f439*
Tin
0*
Tout
0"
y
c:output:0
j

f439
x
yA
cPartitionedCallx*
fR
f440*
Tin
0*
Tout
0"
y
c:output:0
j

f440
x
yA
cPartitionedCallx*
fR
f441*
Tin
0*
Tout
0"
y
c:output:0
j

f441
x
yA
cPartitionedCallx*
fR
f442*
Tin
0*
Tout
0"
y
c:output:0
j

f442
x
yA
cPartitionedCallx*
fR
f443*
Tin
0*
Tout
0"
y
c:output:0
j

f443
x
yA
cPartitionedCallx*
fR
f444*
Tin
0*
Tout
0"
y
c:output:0
j

f444
x
yA
cPartitionedCallx*
fR
f445*
Tin
0*
Tout
0"
y
c:output:0
j

f445
x
yA
cPartitionedCallx*
fR
f446*
Tin
0*
Tout
0"
y
c:output:0
j

f446
x
yA
cPartitionedCallx*
fR
f447*
Tin
0*
Tout
0"
y
c:output:0
j

f447
x
yA
cPartitionedCallx*
fR
f448*
Tin
0*
Tout
0"
y
c:output:0
j

f448
x
yA
cPartitionedCallx*
fR
f449*
Tin
0*
Tout
0"
y
c:output:0
j

f449
x
yA
cPartitionedCallx*
fR
f450*
Tin
0*
Tout
0"
y
c:output:0
j

f450
x
yA
cPartitionedCallx*
fR
f451*
Tin
0*
Tout
0"
y
c:output:0
j

f451
x
yA
cPartitionedCallx*
fR
f452*
Tin
0*
Tout
0"
y
c:output:0
j

f452
x
yA
cPartitionedCallx*
fR
f453*
Tin
0*
Tout
0"
y
c:output:0
j

f453
x
yA
cPartitionedCallx*
fR
f454*
Tin
0*
Tout
0"
y
c:output:0
j

f454
x
yA
cPartitionedCallx*
fR
f455*
Tin
0*
Tout
0"
y
c:output:0
j

f455
x
yA
cPartitionedCallx*
fR
f456*
Tin
0*
Tout
0"
y
c:output:0
j

f456
x
yA
cPartitionedCallx*
fR
f457*
Tin
0*
Tout
0"
y
c:output:0
j

f457
x
yA
cPartitionedCallx*
fR
f458*
Tin
0*
Tout
0"
y
c:output:0
j

f458
x
yA
cPartitionedCallx*
fR
f459*
Tin
0*
Tout
0"
y
c:output:0
j

f459
x
yA
cPartitionedCallx*
fR
f460*
Tin
0*
Tout
0"
y
c:output:0
j

f460
x
yA
cPartitionedCallx*
fR
f461*
Tin
0*
Tout
0"
y
c:output:0
j

f461
x
yA
cPartitionedCallx*
fR
f462*
Tin
0*
Tout
0"
y
c:output:0
j

f462
x
yA
cPartitionedCallx*
fR
f463*
Tin
0*
Tout
0"
y
c:output:0
j

f463
x
yA
cPartitionedCallx*
fR
f464*
Tin
0*
Tout
0"
y
c:output:0
j

f464
x
yA
cPartitionedCallx*
fR
f465*
Tin
0*
Tout
0"
y
c:output:0
j

f465
x
yA
cPartitionedCallx*
fR
f466*
Tin
0*
Tout
0"
y
c:output:0
j

f466
x
yA
cPartitionedCallx*
fR
f467*
Tin
0*
Tout
0"
y
c:output:0
j

f467
x
yA
cPartitionedCallx*
fR
f468*
Tin
0*
Tout
0"
y
c:output:0
j

f468
x
yA
cPartitionedCallx*
fR
f469*
Tin
0*
Tout
0"
y
c:output:0
j

f469
x
yA
cPartitionedCallx*
fR
f470*
Tin
0*
Tout
0"
y
c:output:0
j

f470
x
yA
cPartitionedCallx*
fR
f471*
Tin
0*
Tout
0"
y
c:output:0
j

f471
x
yA
cPartitionedCallx*
fR
f472*
Tin
0*
Tout
0"
y
c:output:0
j

f472
x
yA
cPartitionedCallx*
fR
f473*
Tin
0*
Tout
0"
y
c:output:0
j

f473
x
yA
cPartitionedCallx*
fR
f474*
Tin
0*
Tout
0"
y
c:output:0
j

f474
x
yA
cPartitionedCallx*
fR
f475*
Tin
0*
Tout
0"
y
c:output:0
j

f475
x
yA
cPartitionedCallx*
fR
f476*
Tin
0*
Tout
0"
y
c:output:0
j

f476
x
yA
cPartitionedCallx*
fR
f477*
Tin
0*
Tout
0"
y
c:output:0
j

f477
x
yA
cPartitionedCallx*
fR
f478*
Tin
0*
Tout
0"
y
c:output:0
j

f478
x
yA
cPartitionedCallx*
fR
f479*
Tin
0*
Tout
0"
y
c:output:0
j

f479
x
yA
cPartitionedCallx*
fR
f480*
Tin
0*
Tout
0"
y
c:output:0
j

f480
x
yA
cPartitionedCallx*
fR
f481*
Tin
0*
Tout
0"
y
c:output:0
j

f481
x
yA
cPartitionedCallx*
fR
f482*
Tin
0*
Tout
0"
y
c:output:0
j

f482
x
yA
cPartitionedCallx*
fR
f483*
Tin
0*
Tout
0"
y
c:output:0
j

f483
x
yA
cPartitionedCallx*
fR
f484*
Tin
0*
Tout
0"
y
c:output:0
j

f484
x
yA
cPartitionedCallx*
fR
f485*
Tin
0*
Tout
0"
y
c:output:0
j

f485
x
yA
cPartitionedCallx*
fR
f486*
Tin
0*
Tout
0"
y
c:output:0
j

f486
x
yA
cPartitionedCallx*
fR
f487*
Tin
0*
Tout
0"
y
c:output:0
j

f487
x
yA
cPartitionedCallx*
fR
f488*
Tin
0*
Tout
0"
y
c:output:0
j

f488
x
yA
cPartitionedCallx*
fR
f489*
Tin
0*
Tout
0"
y
c:output:0
j

f489
x
yA
cPartitionedCallx*
fR
f490*
Tin
0*
Tout
0"
y
c:output:0
j

f490
x
yA
cPartitionedCallx*
fR
f491*
Tin
0*
Tout
0"
y
c:output:0
j

f491
x
yA
cPartitionedCallx*
fR
f492*
Tin
0*
Tout
0"
y
c:output:0
j

f492
x
yA
cPartitionedCallx*
fR
f493*
Tin
0*
Tout
0"
y
c:output:0
j

f493
x
yA
cPartitionedCallx*
fR
f494*
Tin
0*
Tout
0"
y
c:output:0
j

f494
x
yA
cPartitionedCallx*
fR
f495*
Tin
0*
Tout
0"
y
c:output:0
j

f495
x
yA
cPartitionedCallx*
fR
f496*
Tin
0*
Tout
0"
y
c:output:0
j

f496
x
yA
cPartitionedCallx*
fR
f497*
Tin
0*
Tout
0"
y
c:output:0
j

f497
x
yA
cPartitionedCallx*
fR
f498*
Tin
0*
Tout
0"
y
c:output:0
j

f498
x
yA
cPartitionedCallx*
fR
f499*
Tin
0*
Tout
0"
y
c:output:0
j

f499
x
yA
cPartitionedCallx*
fR
f500*
Tin
0*
Tout
0"
y
c:output:0
j

f500
x
yA
cPartitionedCallx*
fR
f501*
Tin
0*
Tout
0"
y
c:output:0
j

f501
x
yA
cPartitionedCallx*
fR
f502*
Tin
0*
Tout
0"
y
c:output:0
j

f502
x
yA
cPartitionedCallx*
fR
f503*
Tin
0*
Tout
0"
y
c:output:0
j

f503
x
yA
cPartitionedCallx*
fR
f504*
Tin
0*
Tout
0"
y
c:output:0
j

f504
x
yA
cPartitionedCallx*
fR
f505*
Tin
0*
Tout
0"
y
c:output:0
j

f505
x
yA
cPartitionedCallx*
fR
f506*
Tin
0*
Tout
0"
y
c:output:0
j

f506
x
yA
cPartitionedCallx*
fR
f507*
Tin
0*
Tout
0"
y
c:output:0
j

f507
x
yA
cPartitionedCallx*
fR
f508*
Tin
0*
Tout
0"
y
c:output:0
j

f508
x
yA
cPartitionedCallx*
fR
f509*
Tin
0*
Tout
0"
y
c:output:0
j

f509
x
yA
cPartitionedCallx*
fR
f510*
Tin
0*
Tout
0"
y
c:output:0
j

f510
x
yA
cPartitionedCallx*
fR
f511*
Tin
0*
Tout
0"
y
c:output:0
j

f511
x
yA
cPartitionedCallx*
fR
f512*
Tin
0*
Tout
0"
y
c:output:0
j

f512
x
yA
cPartitionedCallx*
fR
f513*
Tin
0*
Tout
0"
y
c:output:0
j

f513
x
yA
cPartitionedCallx*
fR
f514*
Tin
0*
Tout
0"
y
c:output:0
j

f514
x
yA
cPartitionedCallx*
fR
f515*
Tin
0*
Tout
0"
y
c:output:0
j

f515
x
yA
cPartitionedCallx*
fR
f516*
Tin
0*
Tout
0"
y
c:output:0
j

f516
x
yA
cPartitionedCallx*
fR
f517*
Tin
0*
Tout
0"
y
c:output:0
j

f517
x
yA
cPartitionedCallx*
fR
f518*
Tin
0*
Tout
0"
y
c:output:0
j

f518
x
yA
cPartitionedCallx*
fR
f519*
Tin
0*
Tout
0"
y
c:output:0
j

f519
x
yA
cPartitionedCallx*
fR
f520*
Tin
0*
Tout
0"
y
c:output:0
j

f520
x
yA
cPartitionedCallx*
fR
f521*
Tin
0*
Tout
0"
y
c:output:0
j

f521
x
yA
cPartitionedCallx*
fR
f522*
Tin
0*
Tout
0"
y
c:output:0
j

f522
x
yA
cPartitionedCallx*
fR
f523*
Tin
0*
Tout
0"
y
c:output:0
j

f523
x
yA
cPartitionedCallx*
fR
f524*
Tin
0*
Tout
0"
y
c:output:0
j

f524
x
yA
cPartitionedCallx*
fR
f525*
Tin
0*
Tout
0"
y
c:output:0
j

f525
x
yA
cPartitionedCallx*
fR
f526*
Tin
0*
Tout
0"
y
c:output:0
j

f526
x
yA
cPartitionedCallx*
fR
f527*
Tin
0*
Tout
0"
y
c:output:0
j

f527
x
yA
cPartitionedCallx*
fR
f528*
Tin
0*
Tout
0"
y
c:output:0
j

f528
x
yA
cPartitionedCallx*
fR
f529*
Tin
0*
Tout
0"
y
c:output:0
j

f529
x
yA
cPartitionedCallx*
fR
f530*
Tin
0*
Tout
0"
y
c:output:0
j

f530
x
yA
cPartitionedCallx*
fR
f531*
Tin
0*
Tout
0"
y
c:output:0
j

f531
x
yA
cPartitionedCallx*
fR
f532*
Tin
0*
Tout
0"
y
c:output:0
j

f532
x
yA
cPartitionedCallx*
fR
f533*
Tin
0*
Tout
0"
y
c:output:0
j

f533
x
yA
cPartitionedCallx*
fR
f534*
Tin
0*
Tout
0"
y
c:output:0
j

f534
x
yA
cPartitionedCallx*
fR
f535*
Tin
0*
Tout
0"
y
c:output:0
j

f535
x
yA
cPartitionedCallx*
fR
f536*
Tin
0*
Tout
0"
y
c:output:0
j

f536
x
yA
cPartitionedCallx*
fR
f537*
Tin
0*
Tout
0"
y
c:output:0
j

f537
x
yA
cPartitionedCallx*
fR
f538*
Tin
0*
Tout
0"
y
c:output:0
j

f538
x
yA
cPartitionedCallx*
fR
f539*
Tin
0*
Tout
0"
y
c:output:0
j

f539
x
yA
cPartitionedCallx*
fR
f540*
Tin
0*
Tout
0"
y
c:output:0
j

f540
x
yA
cPartitionedCallx*
fR
f541*
Tin
0*
Tout
0"
y
c:output:0
j

f541
x
yA
cPartitionedCallx*
fR
f542*
Tin
0*
Tout
0"
y
c:output:0
j

f542
x
yA
cPartitionedCallx*
fR
f543*
Tin
0*
Tout
0"
y
c:output:0
j

f543
x
yA
cPartitionedCallx*
fR
f544*
Tin
0*
Tout
0"
y
c:output:0
j

f544
x
yA
cPartitionedCallx*
fR
f545*
Tin
0*
Tout
0"
y
c:output:0
j

f545
x
yA
cPartitionedCallx*
fR
f546*
Tin
0*
Tout
0"
y
c:output:0
j

f546
x
yA
cPartitionedCallx*
fR
f547*
Tin
0*
Tout
0"
y
c:output:0
j

f547
x
yA
cPartitionedCallx*
fR
f548*
Tin
0*
Tout
0"
y
c:output:0
j

f548
x
yA
cPartitionedCallx*
fR
f549*
Tin
0*
Tout
0"
y
c:output:0
j

f549
x
yA
cPartitionedCallx*
fR
f550*
Tin
0*
Tout
0"
y
c:output:0
j

f550
x
yA
cPartitionedCallx*
fR
f551*
Tin
0*
Tout
0"
y
c:output:0
j

f551
x
yA
cPartitionedCallx*
fR
f552*
Tin
0*
Tout
0"
y
c:output:0
j

f552
x
yA
cPartitionedCallx*
fR
f553*
Tin
0*
Tout
0"
y
c:output:0
j

f553
x
yA
cPartitionedCallx*
fR
f554*
Tin
0*
Tout
0"
y
c:output:0
j

f554
x
yA
cPartitionedCallx*
fR
f555*
Tin
0*
Tout
0"
y
c:output:0
j

f555
x
yA
cPartitionedCallx*
fR
f556*
Tin
0*
Tout
0"
y
c:output:0
j

f556
x
yA
cPartitionedCallx*
fR
f557*
Tin
0*
Tout
0"
y
c:output:0
j

f557
x
yA
cPartitionedCallx*
fR
f558*
Tin
0*
Tout
0"
y
c:output:0
j

f558
x
yA
cPartitionedCallx*
fR
f559*
Tin
0*
Tout
0"
y
c:output:0
j

f559
x
yA
cPartitionedCallx*
fR
f560*
Tin
0*
Tout
0"
y
c:output:0
j

f560
x
yA
cPartitionedCallx*
fR
f561*
Tin
0*
Tout
0"
y
c:output:0
j

f561
x
yA
cPartitionedCallx*
fR
f562*
Tin
0*
Tout
0"
y
c:output:0
j

f562
x
yA
cPartitionedCallx*
fR
f563*
Tin
0*
Tout
0"
y
c:output:0
j

f563
x
yA
cPartitionedCallx*
fR
f564*
Tin
0*
Tout
0"
y
c:output:0
j

f564
x
yA
cPartitionedCallx*
fR
f565*
Tin
0*
Tout
0"
y
c:output:0
j

f565
x
yA
cPartitionedCallx*
fR
f566*
Tin
0*
Tout
0"
y
c:output:0
j

f566
x
yA
cPartitionedCallx*
fR
f567*
Tin
0*
Tout
0"
y
c:output:0
j

f567
x
yA
cPartitionedCallx*
fR
f568*
Tin
0*
Tout
0"
y
c:output:0
j

f568
x
yA
cPartitionedCallx*
fR
f569*
Tin
0*
Tout
0"
y
c:output:0
j

f569
x
yA
cPartitionedCallx*
fR
f570*
Tin
0*
Tout
0"
y
c:output:0
j

f570
x
yA
cPartitionedCallx*
fR
f571*
Tin
0*
Tout
0"
y
c:output:0
j

f571
x
yA
cPartitionedCallx*
fR
f572*
Tin
0*
Tout
0"
y
c:output:0
j

f572
x
yA
cPartitionedCallx*
fR
f573*
Tin
0*
Tout
0"
y
c:output:0
j

f573
x
yA
cPartitionedCallx*
fR
f574*
Tin
0*
Tout
0"
y
c:output:0
j

f574
x
yA
cPartitionedCallx*
fR
f575*
Tin
0*
Tout
0"
y
c:output:0
j

f575
x
yA
cPartitionedCallx*
fR
f576*
Tin
0*
Tout
0"
y
c:output:0
j

f576
x
yA
cPartitionedCallx*
fR
f577*
Tin
0*
Tout
0"
y
c:output:0
j

f577
x
yA
cPartitionedCallx*
fR
f578*
Tin
0*
Tout
0"
y
c:output:0
j

f578
x
yA
cPartitionedCallx*
fR
f579*
Tin
0*
Tout
0"
y
c:output:0
j

f579
x
yA
cPartitionedCallx*
fR
f580*
Tin
0*
Tout
0"
y
c:output:0
j

f580
x
yA
cPartitionedCallx*
fR
f581*
Tin
0*
Tout
0"
y
c:output:0
j

f581
x
yA
cPartitionedCallx*
fR
f582*
Tin
0*
Tout
0"
y
c:output:0
j

f582
x
yA
cPartitionedCallx*
fR
f583*
Tin
0*
Tout
0"
y
c:output:0
j

f583
x
yA
cPartitionedCallx*
fR
f584*
Tin
0*
Tout
0"
y
c:output:0
j

f584
x
yA
cPartitionedCallx*
fR
f585*
Tin
0*
Tout
0"
y
c:output:0
j

f585
x
yA
cPartitionedCallx*
fR
f586*
Tin
0*
Tout
0"
y
c:output:0
j

f586
x
yA
cPartitionedCallx*
fR
f587*
Tin
0*
Tout
0"
y
c:output:0
j

f587
x
yA
cPartitionedCallx*
fR
f588*
Tin
0*
Tout
0"
y
c:output:0
j

f588
x
yA
cPartitionedCallx*
fR
f589*
Tin
0*
Tout
0"
y
c:output:0
j

f589
x
yA
cPartitionedCallx*
fR
f590*
Tin
0*
Tout
0"
y
c:output:0
j

f590
x
yA
cPartitionedCallx*
fR
f591*
Tin
0*
Tout
0"
y
c:output:0
j

f591
x
yA
cPartitionedCallx*
fR
f592*
Tin
0*
Tout
0"
y
c:output:0
j

f592
x
yA
cPartitionedCallx*
fR
f593*
Tin
0*
Tout
0"
y
c:output:0
j

f593
x
yA
cPartitionedCallx*
fR
f594*
Tin
0*
Tout
0"
y
c:output:0
j

f594
x
yA
cPartitionedCallx*
fR
f595*
Tin
0*
Tout
0"
y
c:output:0
j

f595
x
yA
cPartitionedCallx*
fR
f596*
Tin
0*
Tout
0"
y
c:output:0
j

f596
x
yA
cPartitionedCallx*
fR
f597*
Tin
0*
Tout
0"
y
c:output:0
j

f597
x
yA
cPartitionedCallx*
fR
f598*
Tin
0*
Tout
0"
y
c:output:0
j

f598
x
yA
cPartitionedCallx*
fR
f599*
Tin
0*
Tout
0"
y
c:output:0
j

f599
x
yA
cPartitionedCallx*
fR
f600*
Tin
0*
Tout
0"
y
c:output:0
j

f600
x
yA
cPartitionedCallx*
fR
f601*
Tin
0*
Tout
0"
y
c:output:0
j

f601
x
yA
cPartitionedCallx*
fR
f602*
Tin
0*
Tout
0"
y
c:output:0
j

f602
x
yA
cPartitionedCallx*
fR
f603*
Tin
0*
Tout
0"
y
c:output:0
j

f603
x
yA
cPartitionedCallx*
fR
f604*
Tin
0*
Tout
0"
y
c:output:0
j

f604
x
yA
cPartitionedCallx*
fR
f605*
Tin
0*
Tout
0"
y
c:output:0
j

f605
x
yA
cPartitionedCallx*
fR
f606*
Tin
0*
Tout
0"
y
c:output:0
j

f606
x
yA
cPartitionedCallx*
fR
f607*
Tin
0*
Tout
0"
y
c:output:0
j

f607
x
yA
cPartitionedCallx*
fR
f608*
Tin
0*
Tout
0"
y
c:output:0
j

f608
x
yA
cPartitionedCallx*
fR
f609*
Tin
0*
Tout
0"
y
c:output:0
j

f609
x
yA
cPartitionedCallx*
fR
f610*
Tin
0*
Tout
0"
y
c:output:0
j

f610
x
yA
cPartitionedCallx*
fR
f611*
Tin
0*
Tout
0"
y
c:output:0
j

f611
x
yA
cPartitionedCallx*
fR
f612*
Tin
0*
Tout
0"
y
c:output:0
j

f612
x
yA
cPartitionedCallx*
fR
f613*
Tin
0*
Tout
0"
y
c:output:0
j

f613
x
yA
cPartitionedCallx*
fR
f614*
Tin
0*
Tout
0"
y
c:output:0
j

f614
x
yA
cPartitionedCallx*
fR
f615*
Tin
0*
Tout
0"
y
c:output:0
j

f615
x
yA
cPartitionedCallx*
fR
f616*
Tin
0*
Tout
0"
y
c:output:0
j

f616
x
yA
cPartitionedCallx*
fR
f617*
Tin
0*
Tout
0"
y
c:output:0
j

f617
x
yA
cPartitionedCallx*
fR
f618*
Tin
0*
Tout
0"
y
c:output:0
j

f618
x
yA
cPartitionedCallx*
fR
f619*
Tin
0*
Tout
0"
y
c:output:0
j

f619
x
yA
cPartitionedCallx*
fR
f620*
Tin
0*
Tout
0"
y
c:output:0
j

f620
x
yA
cPartitionedCallx*
fR
f621*
Tin
0*
Tout
0"
y
c:output:0
j

f621
x
yA
cPartitionedCallx*
fR
f622*
Tin
0*
Tout
0"
y
c:output:0
j

f622
x
yA
cPartitionedCallx*
fR
f623*
Tin
0*
Tout
0"
y
c:output:0
j

f623
x
yA
cPartitionedCallx*
fR
f624*
Tin
0*
Tout
0"
y
c:output:0
j

f624
x
yA
cPartitionedCallx*
fR
f625*
Tin
0*
Tout
0"
y
c:output:0
j

f625
x
yA
cPartitionedCallx*
fR
f626*
Tin
0*
Tout
0"
y
c:output:0
j

f626
x
yA
cPartitionedCallx*
fR
f627*
Tin
0*
Tout
0"
y
c:output:0
j

f627
x
yA
cPartitionedCallx*
fR
f628*
Tin
0*
Tout
0"
y
c:output:0
j

f628
x
yA
cPartitionedCallx*
fR
f629*
Tin
0*
Tout
0"
y
c:output:0
j

f629
x
yA
cPartitionedCallx*
fR
f630*
Tin
0*
Tout
0"
y
c:output:0
j

f630
x
yA
cPartitionedCallx*
fR
f631*
Tin
0*
Tout
0"
y
c:output:0
j

f631
x
yA
cPartitionedCallx*
fR
f632*
Tin
0*
Tout
0"
y
c:output:0
j

f632
x
yA
cPartitionedCallx*
fR
f633*
Tin
0*
Tout
0"
y
c:output:0
j

f633
x
yA
cPartitionedCallx*
fR
f634*
Tin
0*
Tout
0"
y
c:output:0
j

f634
x
yA
cPartitionedCallx*
fR
f635*
Tin
0*
Tout
0"
y
c:output:0
j

f635
x
yA
cPartitionedCallx*
fR
f636*
Tin
0*
Tout
0"
y
c:output:0
j

f636
x
yA
cPartitionedCallx*
fR
f637*
Tin
0*
Tout
0"
y
c:output:0
j

f637
x
yA
cPartitionedCallx*
fR
f638*
Tin
0*
Tout
0"
y
c:output:0
j

f638
x
yA
cPartitionedCallx*
fR
f639*
Tin
0*
Tout
0"
y
c:output:0
j

f639
x
yA
cPartitionedCallx*
fR
f640*
Tin
0*
Tout
0"
y
c:output:0
j

f640
x
yA
cPartitionedCallx*
fR
f641*
Tin
0*
Tout
0"
y
c:output:0
j

f641
x
yA
cPartitionedCallx*
fR
f642*
Tin
0*
Tout
0"
y
c:output:0
j

f642
x
yA
cPartitionedCallx*
fR
f643*
Tin
0*
Tout
0"
y
c:output:0
j

f643
x
yA
cPartitionedCallx*
fR
f644*
Tin
0*
Tout
0"
y
c:output:0
j

f644
x
yA
cPartitionedCallx*
fR
f645*
Tin
0*
Tout
0"
y
c:output:0
j

f645
x
yA
cPartitionedCallx*
fR
f646*
Tin
0*
Tout
0"
y
c:output:0
j

f646
x
yA
cPartitionedCallx*
fR
f647*
Tin
0*
Tout
0"
y
c:output:0
j

f647
x
yA
cPartitionedCallx*
fR
f648*
Tin
0*
Tout
0"
y
c:output:0
j

f648
x
yA
cPartitionedCallx*
fR
f649*
Tin
0*
Tout
0"
y
c:output:0
j

f649
x
yA
cPartitionedCallx*
fR
f650*
Tin
0*
Tout
0"
y
c:output:0
j

f650
x
yA
cPartitionedCallx*
fR
f651*
Tin
0*
Tout
0"
y
c:output:0
j

f651
x
yA
cPartitionedCallx*
fR
f652*
Tin
0*
Tout
0"
y
c:output:0
j

f652
x
yA
cPartitionedCallx*
fR
f653*
Tin
0*
Tout
0"
y
c:output:0
j

f653
x
yA
cPartitionedCallx*
fR
f654*
Tin
0*
Tout
0"
y
c:output:0
j

f654
x
yA
cPartitionedCallx*
fR
f655*
Tin
0*
Tout
0"
y
c:output:0
j

f655
x
yA
cPartitionedCallx*
fR
f656*
Tin
0*
Tout
0"
y
c:output:0
j

f656
x
yA
cPartitionedCallx*
fR
f657*
Tin
0*
Tout
0"
y
c:output:0
j

f657
x
yA
cPartitionedCallx*
fR
f658*
Tin
0*
Tout
0"
y
c:output:0
j

f658
x
yA
cPartitionedCallx*
fR
f659*
Tin
0*
Tout
0"
y
c:output:0
j

f659
x
yA
cPartitionedCallx*
fR
f660*
Tin
0*
Tout
0"
y
c:output:0
j

f660
x
yA
cPartitionedCallx*
fR
f661*
Tin
0*
Tout
0"
y
c:output:0
j

f661
x
yA
cPartitionedCallx*
fR
f662*
Tin
0*
Tout
0"
y
c:output:0
j

f662
x
yA
cPartitionedCallx*
fR
f663*
Tin
0*
Tout
0"
y
c:output:0
j

f663
x
yA
cPartitionedCallx*
fR
f664*
Tin
0*
Tout
0"
y
c:output:0
j

f664
x
yA
cPartitionedCallx*
fR
f665*
Tin
0*
Tout
0"
y
c:output:0
j

f665
x
yA
cPartitionedCallx*
fR
f666*
Tin
0*
Tout
0"
y
c:output:0
j

f666
x
yA
cPartitionedCallx*
fR
f667*
Tin
0*
Tout
0"
y
c:output:0
j

f667
x
yA
cPartitionedCallx*
fR
f668*
Tin
0*
Tout
0"
y
c:output:0
j

f668
x
yA
cPartitionedCallx*
fR
f669*
Tin
0*
Tout
0"
y
c:output:0
j

f669
x
yA
cPartitionedCallx*
fR
f670*
Tin
0*
Tout
0"
y
c:output:0
j

f670
x
yA
cPartitionedCallx*
fR
f671*
Tin
0*
Tout
0"
y
c:output:0
j

f671
x
yA
cPartitionedCallx*
fR
f672*
Tin
0*
Tout
0"
y
c:output:0
j

f672
x
yA
cPartitionedCallx*
fR
f673*
Tin
0*
Tout
0"
y
c:output:0
j

f673
x
yA
cPartitionedCallx*
fR
f674*
Tin
0*
Tout
0"
y
c:output:0
j

f674
x
yA
cPartitionedCallx*
fR
f675*
Tin
0*
Tout
0"
y
c:output:0
j

f675
x
yA
cPartitionedCallx*
fR
f676*
Tin
0*
Tout
0"
y
c:output:0
j

f676
x
yA
cPartitionedCallx*
fR
f677*
Tin
0*
Tout
0"
y
c:output:0
j

f677
x
yA
cPartitionedCallx*
fR
f678*
Tin
0*
Tout
0"
y
c:output:0
j

f678
x
yA
cPartitionedCallx*
fR
f679*
Tin
0*
Tout
0"
y
c:output:0
j

f679
x
yA
cPartitionedCallx*
fR
f680*
Tin
0*
Tout
0"
y
c:output:0
j

f680
x
yA
cPartitionedCallx*
fR
f681*
Tin
0*
Tout
0"
y
c:output:0
j

f681
x
yA
cPartitionedCallx*
fR
f682*
Tin
0*
Tout
0"
y
c:output:0
j

f682
x
yA
cPartitionedCallx*
fR
f683*
Tin
0*
Tout
0"
y
c:output:0
j

f683
x
yA
cPartitionedCallx*
fR
f684*
Tin
0*
Tout
0"
y
c:output:0
j

f684
x
yA
cPartitionedCallx*
fR
f685*
Tin
0*
Tout
0"
y
c:output:0
j

f685
x
yA
cPartitionedCallx*
fR
f686*
Tin
0*
Tout
0"
y
c:output:0
j

f686
x
yA
cPartitionedCallx*
fR
f687*
Tin
0*
Tout
0"
y
c:output:0
j

f687
x
yA
cPartitionedCallx*
fR
f688*
Tin
0*
Tout
0"
y
c:output:0
j

f688
x
yA
cPartitionedCallx*
fR
f689*
Tin
0*
Tout
0"
y
c:output:0
j

f689
x
yA
cPartitionedCallx*
fR
f690*
Tin
0*
Tout
0"
y
c:output:0
j

f690
x
yA
cPartitionedCallx*
fR
f691*
Tin
0*
Tout
0"
y
c:output:0
j

f691
x
yA
cPartitionedCallx*
fR
f692*
Tin
0*
Tout
0"
y
c:output:0
j

f692
x
yA
cPartitionedCallx*
fR
f693*
Tin
0*
Tout
0"
y
c:output:0
j

f693
x
yA
cPartitionedCallx*
fR
f694*
Tin
0*
Tout
0"
y
c:output:0
j

f694
x
yA
cPartitionedCallx*
fR
f695*
Tin
0*
Tout
0"
y
c:output:0
j

f695
x
yA
cPartitionedCallx*
fR
f696*
Tin
0*
Tout
0"
y
c:output:0
j

f696
x
yA
cPartitionedCallx*
fR
f697*
Tin
0*
Tout
0"
y
c:output:0
j

f697
x
yA
cPartitionedCallx*
fR
f698*
Tin
0*
Tout
0"
y
c:output:0
j

f698
x
yA
cPartitionedCallx*
fR
f699*
Tin
0*
Tout
0"
y
c:output:0
j

f699
x
yA
cPartitionedCallx*
fR
f700*
Tin
0*
Tout
0"
y
c:output:0
j

f700
x
yA
cPartitionedCallx*
fR
f701*
Tin
0*
Tout
0"
y
c:output:0
j

f701
x
yA
cPartitionedCallx*
fR
f702*
Tin
0*
Tout
0"
y
c:output:0
j

f702
x
yA
cPartitionedCallx*
fR
f703*
Tin
0*
Tout
0"
y
c:output:0
j

f703
x
yA
cPartitionedCallx*
fR
f704*
Tin
0*
Tout
0"
y
c:output:0
j

f704
x
yA
cPartitionedCallx*
fR
f705*
Tin
0*
Tout
0"
y
c:output:0
j

f705
x
yA
cPartitionedCallx*
fR
f706*
Tin
0*
Tout
0"
y
c:output:0
j

f706
x
yA
cPartitionedCallx*
fR
f707*
Tin
0*
Tout
0"
y
c:output:0
j

f707
x
yA
cPartitionedCallx*
fR
f708*
Tin
0*
Tout
0"
y
c:output:0
j

f708
x
yA
cPartitionedCallx*
fR
f709*
Tin
0*
Tout
0"
y
c:output:0
j

f709
x
yA
cPartitionedCallx*
fR
f710*
Tin
0*
Tout
0"
y
c:output:0
j

f710
x
yA
cPartitionedCallx*
fR
f711*
Tin
0*
Tout
0"
y
c:output:0
j

f711
x
yA
cPartitionedCallx*
fR
f712*
Tin
0*
Tout
0"
y
c:output:0
j

f712
x
yA
cPartitionedCallx*
fR
f713*
Tin
0*
Tout
0"
y
c:output:0
j

f713
x
yA
cPartitionedCallx*
fR
f714*
Tin
0*
Tout
0"
y
c:output:0
j

f714
x
yA
cPartitionedCallx*
fR
f715*
Tin
0*
Tout
0"
y
c:output:0
j

f715
x
yA
cPartitionedCallx*
fR
f716*
Tin
0*
Tout
0"
y
c:output:0
j

f716
x
yA
cPartitionedCallx*
fR
f717*
Tin
0*
Tout
0"
y
c:output:0
j

f717
x
yA
cPartitionedCallx*
fR
f718*
Tin
0*
Tout
0"
y
c:output:0
j

f718
x
yA
cPartitionedCallx*
fR
f719*
Tin
0*
Tout
0"
y
c:output:0
j

f719
x
yA
cPartitionedCallx*
fR
f720*
Tin
0*
Tout
0"
y
c:output:0
j

f720
x
yA
cPartitionedCallx*
fR
f721*
Tin
0*
Tout
0"
y
c:output:0
j

f721
x
yA
cPartitionedCallx*
fR
f722*
Tin
0*
Tout
0"
y
c:output:0
j

f722
x
yA
cPartitionedCallx*
fR
f723*
Tin
0*
Tout
0"
y
c:output:0
j

f723
x
yA
cPartitionedCallx*
fR
f724*
Tin
0*
Tout
0"
y
c:output:0
j

f724
x
yA
cPartitionedCallx*
fR
f725*
Tin
0*
Tout
0"
y
c:output:0
j

f725
x
yA
cPartitionedCallx*
fR
f726*
Tin
0*
Tout
0"
y
c:output:0
j

f726
x
yA
cPartitionedCallx*
fR
f727*
Tin
0*
Tout
0"
y
c:output:0
j

f727
x
yA
cPartitionedCallx*
fR
f728*
Tin
0*
Tout
0"
y
c:output:0
j

f728
x
yA
cPartitionedCallx*
fR
f729*
Tin
0*
Tout
0"
y
c:output:0
j

f729
x
yA
cPartitionedCallx*
fR
f730*
Tin
0*
Tout
0"
y
c:output:0
j

f730
x
yA
cPartitionedCallx*
fR
f731*
Tin
0*
Tout
0"
y
c:output:0
j

f731
x
yA
cPartitionedCallx*
fR
f732*
Tin
0*
Tout
0"
y
c:output:0
j

f732
x
yA
cPartitionedCallx*
fR
f733*
Tin
0*
Tout
0"
y
c:output:0
j

f733
x
yA
cPartitionedCallx*
fR
f734*
Tin
0*
Tout
0"
y
c:output:0
j

f734
x
yA
cPartitionedCallx*
fR
f735*
Tin
0*
Tout
0"
y
c:output:0
j

f735
x
yA
cPartitionedCallx*
fR
f736*
Tin
0*
Tout
0"
y
c:output:0
j

f736
x
yA
cPartitionedCallx*
fR
f737*
Tin
0*
Tout
0"
y
c:output:0
j

f737
x
yA
cPartitionedCallx*
fR
f738*
Tin
0*
Tout
0"
y
c:output:0
j

f738
x
yA
cPartitionedCallx*
fR
f739*
Tin
0*
Tout
0"
y
c:output:0
j

f739
x
yA
cPartitionedCallx*
fR
f740*
Tin
0*
Tout
0"
y
c:output:0
j

f740
x
yA
cPartitionedCallx*
fR
f741*
Tin
0*
Tout
0"
y
c:output:0
j

f741
x
yA
cPartitionedCallx*
fR
f742*
Tin
0*
Tout
0"
y
c:output:0
j

f742
x
yA
cPartitionedCallx*
fR
f743*
Tin
0*
Tout
0"
y
c:output:0
j

f743
x
yA
cPartitionedCallx*
fR
f744*
Tin
0*
Tout
0"
y
c:output:0
j

f744
x
yA
cPartitionedCallx*
fR
f745*
Tin
0*
Tout
0"
y
c:output:0
j

f745
x
yA
cPartitionedCallx*
fR
f746*
Tin
0*
Tout
0"
y
c:output:0
j

f746
x
yA
cPartitionedCallx*
fR
f747*
Tin
0*
Tout
0"
y
c:output:0
j

f747
x
yA
cPartitionedCallx*
fR
f748*
Tin
0*
Tout
0"
y
c:output:0
j

f748
x
yA
cPartitionedCallx*
fR
f749*
Tin
0*
Tout
0"
y
c:output:0
j

f749
x
yA
cPartitionedCallx*
fR
f750*
Tin
0*
Tout
0"
y
c:output:0
j

f750
x
yA
cPartitionedCallx*
fR
f751*
Tin
0*
Tout
0"
y
c:output:0
j

f751
x
yA
cPartitionedCallx*
fR
f752*
Tin
0*
Tout
0"
y
c:output:0
j

f752
x
yA
cPartitionedCallx*
fR
f753*
Tin
0*
Tout
0"
y
c:output:0
j

f753
x
yA
cPartitionedCallx*
fR
f754*
Tin
0*
Tout
0"
y
c:output:0
j

f754
x
yA
cPartitionedCallx*
fR
f755*
Tin
0*
Tout
0"
y
c:output:0
j

f755
x
yA
cPartitionedCallx*
fR
f756*
Tin
0*
Tout
0"
y
c:output:0
j

f756
x
yA
cPartitionedCallx*
fR
f757*
Tin
0*
Tout
0"
y
c:output:0
j

f757
x
yA
cPartitionedCallx*
fR
f758*
Tin
0*
Tout
0"
y
c:output:0
j

f758
x
yA
cPartitionedCallx*
fR
f759*
Tin
0*
Tout
0"
y
c:output:0
j

f759
x
yA
cPartitionedCallx*
fR
f760*
Tin
0*
Tout
0"
y
c:output:0
j

f760
x
yA
cPartitionedCallx*
fR
f761*
Tin
0*
Tout
0"
y
c:output:0
j

f761
x
yA
cPartitionedCallx*
fR
f762*
Tin
0*
Tout
0"
y
c:output:0
j

f762
x
yA
cPartitionedCallx*
fR
f763*
Tin
0*
Tout
0"
y
c:output:0
j

f763
x
yA
cPartitionedCallx*
fR
f764*
Tin
0*
Tout
0"
y
c:output:0
j

f764
x
yA
cPartitionedCallx*
fR
f765*
Tin
0*
Tout
0"
y
c:output:0
j

f765
x
yA
cPartitionedCallx*
fR
f766*
Tin
0*
Tout
0"
y
c:output:0
j

f766
x
yA
cPartitionedCallx*
fR
f767*
Tin
0*
Tout
0"
y
c:output:0
j

f767
x
yA
cPartitionedCallx*
fR
f768*
Tin
0*
Tout
0"
y
c:output:0
j

f768
x
yA
cPartitionedCallx*
fR
f769*
Tin
0*
Tout
0"
y
c:output:0
j

f769
x
yA
cPartitionedCallx*
fR
f770*
Tin
0*
Tout
0"
y
c:output:0
j

f770
x
yA
cPartitionedCallx*
fR
f771*
Tin
0*
Tout
0"
y
c:output:0
j

f771
x
yA
cPartitionedCallx*
fR
f772*
Tin
0*
Tout
0"
y
c:output:0
j

f772
x
yA
cPartitionedCallx*
fR
f773*
Tin
0*
Tout
0"
y
c:output:0
j

f773
x
yA
cPartitionedCallx*
fR
f774*
Tin
0*
Tout
0"
y
c:output:0
j

f774
x
yA
cPartitionedCallx*
fR
f775*
Tin
0*
Tout
0"
y
c:output:0
j

f775
x
yA
cPartitionedCallx*
fR
f776*
Tin
0*
Tout
0"
y
c:output:0
j

f776
x
yA
cPartitionedCallx*
fR
f777*
Tin
0*
Tout
0"
y
c:output:0
j

f777
x
yA
cPartitionedCallx*
fR
f778*
Tin
0*
Tout
0"
y
c:output:0
j

f778
x
yA
cPartitionedCallx*
fR
f779*
Tin
0*
Tout
0"
y
c:output:0
j

f779
x
yA
cPartitionedCallx*
fR
f780*
Tin
0*
Tout
0"
y
c:output:0
j

f780
x
yA
cPartitionedCallx*
fR
f781*
Tin
0*
Tout
0"
y
c:output:0
j

f781
x
yA
cPartitionedCallx*
fR
f782*
Tin
0*
Tout
0"
y
c:output:0
j

f782
x
yA
cPartitionedCallx*
fR
f783*
Tin
0*
Tout
0"
y
c:output:0
j

f783
x
yA
cPartitionedCallx*
fR
f784*
Tin
0*
Tout
0"
y
c:output:0
j

f784
x
yA
cPartitionedCallx*
fR
f785*
Tin
0*
Tout
0"
y
c:output:0
j

f785
x
yA
cPartitionedCallx*
fR
f786*
Tin
0*
Tout
0"
y
c:output:0
j

f786
x
yA
cPartitionedCallx*
fR
f787*
Tin
0*
Tout
0"
y
c:output:0
j

f787
x
yA
cPartitionedCallx*
fR
f788*
Tin
0*
Tout
0"
y
c:output:0
j

f788
x
yA
cPartitionedCallx*
fR
f789*
Tin
0*
Tout
0"
y
c:output:0
j

f789
x
yA
cPartitionedCallx*
fR
f790*
Tin
0*
Tout
0"
y
c:output:0
j

f790
x
yA
cPartitionedCallx*
fR
f791*
Tin
0*
Tout
0"
y
c:output:0
j

f791
x
yA
cPartitionedCallx*
fR
f792*
Tin
0*
Tout
0"
y
c:output:0
j

f792
x
yA
cPartitionedCallx*
fR
f793*
Tin
0*
Tout
0"
y
c:output:0
j

f793
x
yA
cPartitionedCallx*
fR
f794*
Tin
0*
Tout
0"
y
c:output:0
j

f794
x
yA
cPartitionedCallx*
fR
f795*
Tin
0*
Tout
0"
y
c:output:0
j

f795
x
yA
cPartitionedCallx*
fR
f796*
Tin
0*
Tout
0"
y
c:output:0
j

f796
x
yA
cPartitionedCallx*
fR
f797*
Tin
0*
Tout
0"
y
c:output:0
j

f797
x
yA
cPartitionedCallx*
fR
f798*
Tin
0*
Tout
0"
y
c:output:0
j

f798
x
yA
cPartitionedCallx*
fR
f799*
Tin
0*
Tout
0"
y
c:output:0
j

f799
x
yA
cPartitionedCallx*
fR
f800*
Tin
0*
Tout
0"
y
c:output:0
j

f800
x
yA
cPartitionedCallx*
fR
f801*
Tin
0*
Tout
0"
y
c:output:0
j

f801
x
yA
cPartitionedCallx*
fR
f802*
Tin
0*
Tout
0"
y
c:output:0
j

f802
x
yA
cPartitionedCallx*
fR
f803*
Tin
0*
Tout
0"
y
c:output:0
j

f803
x
yA
cPartitionedCallx*
fR
f804*
Tin
0*
Tout
0"
y
c:output:0
j

f804
x
yA
cPartitionedCallx*
fR
f805*
Tin
0*
Tout
0"
y
c:output:0
j

f805
x
yA
cPartitionedCallx*
fR
f806*
Tin
0*
Tout
0"
y
c:output:0
j

f806
x
yA
cPartitionedCallx*
fR
f807*
Tin
0*
Tout
0"
y
c:output:0
j

f807
x
yA
cPartitionedCallx*
fR
f808*
Tin
0*
Tout
0"
y
c:output:0
j

f808
x
yA
cPartitionedCallx*
fR
f809*
Tin
0*
Tout
0"
y
c:output:0
j

f809
x
yA
cPartitionedCallx*
fR
f810*
Tin
0*
Tout
0"
y
c:output:0
j

f810
x
yA
cPartitionedCallx*
fR
f811*
Tin
0*
Tout
0"
y
c:output:0
j

f811
x
yA
cPartitionedCallx*
fR
f812*
Tin
0*
Tout
0"
y
c:output:0
j

f812
x
yA
cPartitionedCallx*
fR
f813*
Tin
0*
Tout
0"
y
c:output:0
j

f813
x
yA
cPartitionedCallx*
fR
f814*
Tin
0*
Tout
0"
y
c:output:0
j

f814
x
yA
cPartitionedCallx*
fR
f815*
Tin
0*
Tout
0"
y
c:output:0
j

f815
x
yA
cPartitionedCallx*
fR
f816*
Tin
0*
Tout
0"
y
c:output:0
j

f816
x
yA
cPartitionedCallx*
fR
f817*
Tin
0*
Tout
0"
y
c:output:0
j

f817
x
yA
cPartitionedCallx*
fR
f818*
Tin
0*
Tout
0"
y
c:output:0
j

f818
x
yA
cPartitionedCallx*
fR
f819*
Tin
0*
Tout
0"
y
c:output:0
j

f819
x
yA
cPartitionedCallx*
fR
f820*
Tin
0*
Tout
0"
y
c:output:0
j

f820
x
yA
cPartitionedCallx*
fR
f821*
Tin
0*
Tout
0"
y
c:output:0
j

f821
x
yA
cPartitionedCallx*
fR
f822*
Tin
0*
Tout
0"
y
c:output:0
j

f822
x
yA
cPartitionedCallx*
fR
f823*
Tin
0*
Tout
0"
y
c:output:0
j

f823
x
yA
cPartitionedCallx*
fR
f824*
Tin
0*
Tout
0"
y
c:output:0
j

f824
x
yA
cPartitionedCallx*
fR
f825*
Tin
0*
Tout
0"
y
c:output:0
j

f825
x
yA
cPartitionedCallx*
fR
f826*
Tin
0*
Tout
0"
y
c:output:0
j

f826
x
yA
cPartitionedCallx*
fR
f827*
Tin
0*
Tout
0"
y
c:output:0
j

f827
x
yA
cPartitionedCallx*
fR
f828*
Tin
0*
Tout
0"
y
c:output:0
j

f828
x
yA
cPartitionedCallx*
fR
f829*
Tin
0*
Tout
0"
y
c:output:0
j

f829
x
yA
cPartitionedCallx*
fR
f830*
Tin
0*
Tout
0"
y
c:output:0
j

f830
x
yA
cPartitionedCallx*
fR
f831*
Tin
0*
Tout
0"
y
c:output:0
j

f831
x
yA
cPartitionedCallx*
fR
f832*
Tin
0*
Tout
0"
y
c:output:0
j

f832
x
yA
cPartitionedCallx*
fR
f833*
Tin
0*
Tout
0"
y
c:output:0
j

f833
x
yA
cPartitionedCallx*
fR
f834*
Tin
0*
Tout
0"
y
c:output:0
j

f834
x
yA
cPartitionedCallx*
fR
f835*
Tin
0*
Tout
0"
y
c:output:0
j

f835
x
yA
cPartitionedCallx*
fR
f836*
Tin
0*
Tout
0"
y
c:output:0
j

f836
x
yA
cPartitionedCallx*
fR
f837*
Tin
0*
Tout
0"
y
c:output:0
j

f837
x
yA
cPartitionedCallx*
fR
f838*
Tin
0*
Tout
0"
y
c:output:0
j

f838
x
yA
cPartitionedCallx*
fR
f839*
Tin
0*
Tout
0"
y
c:output:0
j

f839
x
yA
cPartitionedCallx*
fR
f840*
Tin
0*
Tout
0"
y
c:output:0
j

f840
x
yA
cPartitionedCallx*
fR
f841*
Tin
0*
Tout
0"
y
c:output:0
j

f841
x
yA
cPartitionedCallx*
fR
f842*
Tin
0*
Tout
0"
y
c:output:0
j

f842
x
yA
cPartitionedCallx*
fR
f843*
Tin
0*
Tout
0"
y
c:output:0
j

f843
x
yA
cPartitionedCallx*
fR
f844*
Tin
0*
Tout
0"
y
c:output:0
j

f844
x
yA
cPartitionedCallx*
fR
f845*
Tin
0*
Tout
0"
y
c:output:0
j

f845
x
yA
cPartitionedCallx*
fR
f846*
Tin
0*
Tout
0"
y
c:output:0
j

f846
x
yA
cPartitionedCallx*
fR
f847*
Tin
0*
Tout
0"
y
c:output:0
j

f847
x
yA
cPartitionedCallx*
fR
f848*
Tin
0*
Tout
0"
y
c:output:0
j

f848
x
yA
cPartitionedCallx*
fR
f849*
Tin
0*
Tout
0"
y
c:output:0
j

f849
x
yA
cPartitionedCallx*
fR
f850*
Tin
0*
Tout
0"
y
c:output:0
j

f850
x
yA
cPartitionedCallx*
fR
f851*
Tin
0*
Tout
0"
y
c:output:0
j

f851
x
yA
cPartitionedCallx*
fR
f852*
Tin
0*
Tout
0"
y
c:output:0
j

f852
x
yA
cPartitionedCallx*
fR
f853*
Tin
0*
Tout
0"
y
c:output:0
j

f853
x
yA
cPartitionedCallx*
fR
f854*
Tin
0*
Tout
0"
y
c:output:0
j

f854
x
yA
cPartitionedCallx*
fR
f855*
Tin
0*
Tout
0"
y
c:output:0
j

f855
x
yA
cPartitionedCallx*
fR
f856*
Tin
0*
Tout
0"
y
c:output:0
j

f856
x
yA
cPartitionedCallx*
fR
f857*
Tin
0*
Tout
0"
y
c:output:0
j

f857
x
yA
cPartitionedCallx*
fR
f858*
Tin
0*
Tout
0"
y
c:output:0
j

f858
x
yA
cPartitionedCallx*
fR
f859*
Tin
0*
Tout
0"
y
c:output:0
j

f859
x
yA
cPartitionedCallx*
fR
f860*
Tin
0*
Tout
0"
y
c:output:0
j

f860
x
yA
cPartitionedCallx*
fR
f861*
Tin
0*
Tout
0"
y
c:output:0
j

f861
x
yA
cPartitionedCallx*
fR
f862*
Tin
0*
Tout
0"
y
c:output:0
j

f862
x
yA
cPartitionedCallx*
fR
f863*
Tin
0*
Tout
0"
y
c:output:0
j

f863
x
yA
cPartitionedCallx*
fR
f864*
Tin
0*
Tout
0"
y
c:output:0
j

f864
x
yA
cPartitionedCallx*
fR
f865*
Tin
0*
Tout
0"
y
c:output:0
j

f865
x
yA
cPartitionedCallx*
fR
f866*
Tin
0*
Tout
0"
y
c:output:0
j

f866
x
yA
cPartitionedCallx*
fR
f867*
Tin
0*
Tout
0"
y
c:output:0
j

f867
x
yA
cPartitionedCallx*
fR
f868*
Tin
0*
Tout
0"
y
c:output:0
j

f868
x
yA
cPartitionedCallx*
fR
f869*
Tin
0*
Tout
0"
y
c:output:0
j

f869
x
yA
cPartitionedCallx*
fR
f870*
Tin
0*
Tout
0"
y
c:output:0
j

f870
x
yA
cPartitionedCallx*
fR
f871*
Tin
0*
Tout
0"
y
c:output:0
j

f871
x
yA
cPartitionedCallx*
fR
f872*
Tin
0*
Tout
0"
y
c:output:0
j

f872
x
yA
cPartitionedCallx*
fR
f873*
Tin
0*
Tout
0"
y
c:output:0
j

f873
x
yA
cPartitionedCallx*
fR
f874*
Tin
0*
Tout
0"
y
c:output:0
j

f874
x
yA
cPartitionedCallx*
fR
f875*
Tin
0*
Tout
0"
y
c:output:0
j

f875
x
yA
cPartitionedCallx*
fR
f876*
Tin
0*
Tout
0"
y
c:output:0
j

f876
x
yA
cPartitionedCallx*
fR
f877*
Tin
0*
Tout
0"
y
c:output:0
j

f877
x
yA
cPartitionedCallx*
fR
f878*
Tin
0*
Tout
0"
y
c:output:0
j

f878
x
yA
cPartitionedCallx*
fR
f879*
Tin
0*
Tout
0"
y
c:output:0
j

f879
x
yA
cPartitionedCallx*
fR
f880*
Tin
0*
Tout
0"
y
c:output:0
j

f880
x
yA
cPartitionedCallx*
fR
f881*
Tin
0*
Tout
0"
y
c:output:0
j

f881
x
yA
cPartitionedCallx*
fR
f882*
Tin
0*
Tout
0"
y
c:output:0
j

f882
x
yA
cPartitionedCallx*
fR
f883*
Tin
0*
Tout
0"
y
c:output:0
j

f883
x
yA
cPartitionedCallx*
fR
f884*
Tin
0*
Tout
0"
y
c:output:0
j

f884
x
yA
cPartitionedCallx*
fR
f885*
Tin
0*
Tout
0"
y
c:output:0
j

f885
x
yA
cPartitionedCallx*
fR
f886*
Tin
0*
Tout
0"
y
c:output:0
j

f886
x
yA
cPartitionedCallx*
fR
f887*
Tin
0*
Tout
0"
y
c:output:0
j

f887
x
yA
cPartitionedCallx*
fR
f888*
Tin
0*
Tout
0"
y
c:output:0
j

f888
x
yA
cPartitionedCallx*
fR
f889*
Tin
0*
Tout
0"
y
c:output:0
j

f889
x
yA
cPartitionedCallx*
fR
f890*
Tin
0*
Tout
0"
y
c:output:0
j

f890
x
yA
cPartitionedCallx*
fR
f891*
Tin
0*
Tout
0"
y
c:output:0
j

f891
x
yA
cPartitionedCallx*
fR
f892*
Tin
0*
Tout
0"
y
c:output:0
j

f892
x
yA
cPartitionedCallx*
fR
f893*
Tin
0*
Tout
0"
y
c:output:0
j

f893
x
yA
cPartitionedCallx*
fR
f894*
Tin
0*
Tout
0"
y
c:output:0
j

f894
x
yA
cPartitionedCallx*
fR
f895*
Tin
0*
Tout
0"
y
c:output:0
j

f895
x
yA
cPartitionedCallx*
fR
f896*
Tin
0*
Tout
0"
y
c:output:0
j

f896
x
yA
cPartitionedCallx*
fR
f897*
Tin
0*
Tout
0"
y
c:output:0
j

f897
x
yA
cPartitionedCallx*
fR
f898*
Tin
0*
Tout
0"
y
c:output:0
j

f898
x
yA
cPartitionedCallx*
fR
f899*
Tin
0*
Tout
0"
y
c:output:0
j

f899
x
yA
cPartitionedCallx*
fR
f900*
Tin
0*
Tout
0"
y
c:output:0
j

f900
x
yA
cPartitionedCallx*
fR
f901*
Tin
0*
Tout
0"
y
c:output:0
j

f901
x
yA
cPartitionedCallx*
fR
f902*
Tin
0*
Tout
0"
y
c:output:0
j

f902
x
yA
cPartitionedCallx*
fR
f903*
Tin
0*
Tout
0"
y
c:output:0
j

f903
x
yA
cPartitionedCallx*
fR
f904*
Tin
0*
Tout
0"
y
c:output:0
j

f904
x
yA
cPartitionedCallx*
fR
f905*
Tin
0*
Tout
0"
y
c:output:0
j

f905
x
yA
cPartitionedCallx*
fR
f906*
Tin
0*
Tout
0"
y
c:output:0
j

f906
x
yA
cPartitionedCallx*
fR
f907*
Tin
0*
Tout
0"
y
c:output:0
j

f907
x
yA
cPartitionedCallx*
fR
f908*
Tin
0*
Tout
0"
y
c:output:0
j

f908
x
yA
cPartitionedCallx*
fR
f909*
Tin
0*
Tout
0"
y
c:output:0
j

f909
x
yA
cPartitionedCallx*
fR
f910*
Tin
0*
Tout
0"
y
c:output:0
j

f910
x
yA
cPartitionedCallx*
fR
f911*
Tin
0*
Tout
0"
y
c:output:0
j

f911
x
yA
cPartitionedCallx*
fR
f912*
Tin
0*
Tout
0"
y
c:output:0
j

f912
x
yA
cPartitionedCallx*
fR
f913*
Tin
0*
Tout
0"
y
c:output:0
j

f913
x
yA
cPartitionedCallx*
fR
f914*
Tin
0*
Tout
0"
y
c:output:0
j

f914
x
yA
cPartitionedCallx*
fR
f915*
Tin
0*
Tout
0"
y
c:output:0
j

f915
x
yA
cPartitionedCallx*
fR
f916*
Tin
0*
Tout
0"
y
c:output:0
j

f916
x
yA
cPartitionedCallx*
fR
f917*
Tin
0*
Tout
0"
y
c:output:0
j

f917
x
yA
cPartitionedCallx*
fR
f918*
Tin
0*
Tout
0"
y
c:output:0
j

f918
x
yA
cPartitionedCallx*
fR
f919*
Tin
0*
Tout
0"
y
c:output:0
j

f919
x
yA
cPartitionedCallx*
fR
f920*
Tin
0*
Tout
0"
y
c:output:0
j

f920
x
yA
cPartitionedCallx*
fR
f921*
Tin
0*
Tout
0"
y
c:output:0
j

f921
x
yA
cPartitionedCallx*
fR
f922*
Tin
0*
Tout
0"
y
c:output:0
j

f922
x
yA
cPartitionedCallx*
fR
f923*
Tin
0*
Tout
0"
y
c:output:0
j

f923
x
yA
cPartitionedCallx*
fR
f924*
Tin
0*
Tout
0"
y
c:output:0
j

f924
x
yA
cPartitionedCallx*
fR
f925*
Tin
0*
Tout
0"
y
c:output:0
j

f925
x
yA
cPartitionedCallx*
fR
f926*
Tin
0*
Tout
0"
y
c:output:0
j

f926
x
yA
cPartitionedCallx*
fR
f927*
Tin
0*
Tout
0"
y
c:output:0
j

f927
x
yA
cPartitionedCallx*
fR
f928*
Tin
0*
Tout
0"
y
c:output:0
j

f928
x
yA
cPartitionedCallx*
fR
f929*
Tin
0*
Tout
0"
y
c:output:0
j

f929
x
yA
cPartitionedCallx*
fR
f930*
Tin
0*
Tout
0"
y
c:output:0
j

f930
x
yA
cPartitionedCallx*
fR
f931*
Tin
0*
Tout
0"
y
c:output:0
j

f931
x
yA
cPartitionedCallx*
fR
f932*
Tin
0*
Tout
0"
y
c:output:0
j

f932
x
yA
cPartitionedCallx*
fR
f933*
Tin
0*
Tout
0"
y
c:output:0
j

f933
x
yA
cPartitionedCallx*
fR
f934*
Tin
0*
Tout
0"
y
c:output:0
j

f934
x
yA
cPartitionedCallx*
fR
f935*
Tin
0*
Tout
0"
y
c:output:0
j

f935
x
yA
cPartitionedCallx*
fR
f936*
Tin
0*
Tout
0"
y
c:output:0
j

f936
x
yA
cPartitionedCallx*
fR
f937*
Tin
0*
Tout
0"
y
c:output:0
j

f937
x
yA
cPartitionedCallx*
fR
f938*
Tin
0*
Tout
0"
y
c:output:0
j

f938
x
yA
cPartitionedCallx*
fR
f939*
Tin
0*
Tout
0"
y
c:output:0
j

f939
x
yA
cPartitionedCallx*
fR
f940*
Tin
0*
Tout
0"
y
c:output:0
j

f940
x
yA
cPartitionedCallx*
fR
f941*
Tin
0*
Tout
0"
y
c:output:0
j

f941
x
yA
cPartitionedCallx*
fR
f942*
Tin
0*
Tout
0"
y
c:output:0
j

f942
x
yA
cPartitionedCallx*
fR
f943*
Tin
0*
Tout
0"
y
c:output:0
j

f943
x
yA
cPartitionedCallx*
fR
f944*
Tin
0*
Tout
0"
y
c:output:0
j

f944
x
yA
cPartitionedCallx*
fR
f945*
Tin
0*
Tout
0"
y
c:output:0
j

f945
x
yA
cPartitionedCallx*
fR
f946*
Tin
0*
Tout
0"
y
c:output:0
j

f946
x
yA
cPartitionedCallx*
fR
f947*
Tin
0*
Tout
0"
y
c:output:0
j

f947
x
yA
cPartitionedCallx*
fR
f948*
Tin
0*
Tout
0"
y
c:output:0
j

f948
x
yA
cPartitionedCallx*
fR
f949*
Tin
0*
Tout
0"
y
c:output:0
j

f949
x
yA
cPartitionedCallx*
fR
f950*
Tin
0*
Tout
0"
y
c:output:0
j

f950
x
yA
cPartitionedCallx*
fR
f951*
Tin
0*
Tout
0"
y
c:output:0
j

f951
x
yA
cPartitionedCallx*
fR
f952*
Tin
0*
Tout
0"
y
c:output:0
j

f952
x
yA
cPartitionedCallx*
fR
f953*
Tin
0*
Tout
0"
y
c:output:0
j

f953
x
yA
cPartitionedCallx*
fR
f954*
Tin
0*
Tout
0"
y
c:output:0
j

f954
x
yA
cPartitionedCallx*
fR
f955*
Tin
0*
Tout
0"
y
c:output:0
j

f955
x
yA
cPartitionedCallx*
fR
f956*
Tin
0*
Tout
0"
y
c:output:0
j

f956
x
yA
cPartitionedCallx*
fR
f957*
Tin
0*
Tout
0"
y
c:output:0
j

f957
x
yA
cPartitionedCallx*
fR
f958*
Tin
0*
Tout
0"
y
c:output:0
j

f958
x
yA
cPartitionedCallx*
fR
f959*
Tin
0*
Tout
0"
y
c:output:0
j

f959
x
yA
cPartitionedCallx*
fR
f960*
Tin
0*
Tout
0"
y
c:output:0
j

f960
x
yA
cPartitionedCallx*
fR
f961*
Tin
0*
Tout
0"
y
c:output:0
j

f961
x
yA
cPartitionedCallx*
fR
f962*
Tin
0*
Tout
0"
y
c:output:0
j

f962
x
yA
cPartitionedCallx*
fR
f963*
Tin
0*
Tout
0"
y
c:output:0
j

f963
x
yA
cPartitionedCallx*
fR
f964*
Tin
0*
Tout
0"
y
c:output:0
j

f964
x
yA
cPartitionedCallx*
fR
f965*
Tin
0*
Tout
0"
y
c:output:0
j

f965
x
yA
cPartitionedCallx*
fR
f966*
Tin
0*
Tout
0"
y
c:output:0
j

f966
x
yA
cPartitionedCallx*
fR
f967*
Tin
0*
Tout
0"
y
c:output:0
j

f967
x
yA
cPartitionedCallx*
fR
f968*
Tin
0*
Tout
0"
y
c:output:0
j

f968
x
yA
cPartitionedCallx*
fR
f969*
Tin
0*
Tout
0"
y
c:output:0
j

f969
x
yA
cPartitionedCallx*
fR
f970*
Tin
0*
Tout
0"
y
c:output:0
j

f970
x
yA
cPartitionedCallx*
fR
f971*
Tin
0*
Tout
0"
y
c:output:0
j

f971
x
yA
cPartitionedCallx*
fR
f972*
Tin
0*
Tout
0"
y
c:output:0
j

f972
x
yA
cPartitionedCallx*
fR
f973*
Tin
0*
Tout
0"
y
c:output:0
j

f973
x
yA
cPartitionedCallx*
fR
f974*
Tin
0*
Tout
0"
y
c:output:0
j

f974
x
yA
cPartitionedCallx*
fR
f975*
Tin
0*
Tout
0"
y
c:output:0
j

f975
x
yA
cPartitionedCallx*
fR
f976*
Tin
0*
Tout
0"
y
c:output:0
j

f976
x
yA
cPartitionedCallx*
fR
f977*
Tin
0*
Tout
0"
y
c:output:0
j

f977
x
yA
cPartitionedCallx*
fR
f978*
Tin
0*
Tout
0"
y
c:output:0
j

f978
x
yA
cPartitionedCallx*
fR
f979*
Tin
0*
Tout
0"
y
c:output:0
j

f979
x
yA
cPartitionedCallx*
fR
f980*
Tin
0*
Tout
0"
y
c:output:0
j

f980
x
yA
cPartitionedCallx*
fR
f981*
Tin
0*
Tout
0"
y
c:output:0
j

f981
x
yA
cPartitionedCallx*
fR
f982*
Tin
0*
Tout
0"
y
c:output:0
j

f982
x
yA
cPartitionedCallx*
fR
f983*
Tin
0*
Tout
0"
y
c:output:0
j

f983
x
yA
cPartitionedCallx*
fR
f984*
Tin
0*
Tout
0"
y
c:output:0
j

f984
x
yA
cPartitionedCallx*
fR
f985*
Tin
0*
Tout
0"
y
c:output:0
j

f985
x
yA
cPartitionedCallx*
fR
f986*
Tin
0*
Tout
0"
y
c:output:0
j

f986
x
yA
cPartitionedCallx*
fR
f987*
Tin
0*
Tout
0"
y
c:output:0
j

f987
x
yA
cPartitionedCallx*
fR
f988*
Tin
0*
Tout
0"
y
c:output:0
j

f988
x
yA
cPartitionedCallx*
fR
f989*
Tin
0*
Tout
0"
y
c:output:0
j

f989
x
yA
cPartitionedCallx*
fR
f990*
Tin
0*
Tout
0"
y
c:output:0
j

f990
x
yA
cPartitionedCallx*
fR
f991*
Tin
0*
Tout
0"
y
c:output:0
j

f991
x
yA
cPartitionedCallx*
fR
f992*
Tin
0*
Tout
0"
y
c:output:0
j

f992
x
yA
cPartitionedCallx*
fR
f993*
Tin
0*
Tout
0"
y
c:output:0
j

f993
x
yA
cPartitionedCallx*
fR
f994*
Tin
0*
Tout
0"
y
c:output:0
j

f994
x
yA
cPartitionedCallx*
fR
f995*
Tin
0*
Tout
0"
y
c:output:0
j

f995
x
yA
cPartitionedCallx*
fR
f996*
Tin
0*
Tout
0"
y
c:output:0
j

f996
x
yA
cPartitionedCallx*
fR
f997*
Tin
0*
Tout
0"
y
c:output:0
j

f997
x
yA
cPartitionedCallx*
fR
f998*
Tin
0*
Tout
0"
y
c:output:0
j

f998
x
yA
cPartitionedCallx*
fR
f999*
Tin
0*
Tout
0"
y
c:output:0
k

f999
x
yB
cPartitionedCallx*
f	R
f1000*
Tin
0*
Tout
0"
y
c:output:0
l

f1000
x
yB
cPartitionedCallx*
f	R
f1001*
Tin
0*
Tout
0"
y
c:output:0
l

f1001
x
yB
cPartitionedCallx*
f	R
f1002*
Tin
0*
Tout
0"
y
c:output:0
l

f1002
x
yB
cPartitionedCallx*
f	R
f1003*
Tin
0*
Tout
0"
y
c:output:0
l

f1003
x
yB
cPartitionedCallx*
f	R
f1004*
Tin
0*
Tout
0"
y
c:output:0
l

f1004
x
yB
cPartitionedCallx*
f	R
f1005*
Tin
0*
Tout
0"
y
c:output:0
l

f1005
x
yB
cPartitionedCallx*
f	R
f1006*
Tin
0*
Tout
0"
y
c:output:0
l

f1006
x
yB
cPartitionedCallx*
f	R
f1007*
Tin
0*
Tout
0"
y
c:output:0
l

f1007
x
yB
cPartitionedCallx*
f	R
f1008*
Tin
0*
Tout
0"
y
c:output:0
l

f1008
x
yB
cPartitionedCallx*
f	R
f1009*
Tin
0*
Tout
0"
y
c:output:0
l

f1009
x
yB
cPartitionedCallx*
f	R
f1010*
Tin
0*
Tout
0"
y
c:output:0
l

f1010
x
yB
cPartitionedCallx*
f	R
f1011*
Tin
0*
Tout
0"
y
c:output:0
l

f1011
x
yB
cPartitionedCallx*
f	R
f1012*
Tin
0*
Tout
0"
y
c:output:0
l

f1012
x
yB
cPartitionedCallx*
f	R
f1013*
Tin
0*
Tout
0"
y
c:output:0
l

f1013
x
yB
cPartitionedCallx*
f	R
f1014*
Tin
0*
Tout
0"
y
c:output:0
l

f1014
x
yB
cPartitionedCallx*
f	R
f1015*
Tin
0*
Tout
0"
y
c:output:0
l

f1015
x
yB
cPartitionedCallx*
f	R
f1016*
Tin
0*
Tout
0"
y
c:output:0
l

f1016
x
yB
cPartitionedCallx*
f	R
f1017*
Tin
0*
Tout
0"
y
c:output:0
l

f1017
x
yB
cPartitionedCallx*
f	R
f1018*
Tin
0*
Tout
0"
y
c:output:0
l

f1018
x
yB
cPartitionedCallx*
f	R
f1019*
Tin
0*
Tout
0"
y
c:output:0
l

f1019
x
yB
cPartitionedCallx*
f	R
f1020*
Tin
0*
Tout
0"
y
c:output:0
l

f1020
x
yB
cPartitionedCallx*
f	R
f1021*
Tin
0*
Tout
0"
y
c:output:0
l

f1021
x
yB
cPartitionedCallx*
f	R
f1022*
Tin
0*
Tout
0"
y
c:output:0
l

f1022
x
yB
cPartitionedCallx*
f	R
f1023*
Tin
0*
Tout
0"
y
c:output:0
l

f1023
x
yB
cPartitionedCallx*
f	R
f1024*
Tin
0*
Tout
0"
y
c:output:0
l

f1024
x
yB
cPartitionedCallx*
f	R
f1025*
Tin
0*
Tout
0"
y
c:output:0
l

f1025
x
yB
cPartitionedCallx*
f	R
f1026*
Tin
0*
Tout
0"
y
c:output:0
l

f1026
x
yB
cPartitionedCallx*
f	R
f1027*
Tin
0*
Tout
0"
y
c:output:0
l

f1027
x
yB
cPartitionedCallx*
f	R
f1028*
Tin
0*
Tout
0"
y
c:output:0
l

f1028
x
yB
cPartitionedCallx*
f	R
f1029*
Tin
0*
Tout
0"
y
c:output:0
l

f1029
x
yB
cPartitionedCallx*
f	R
f1030*
Tin
0*
Tout
0"
y
c:output:0
l

f1030
x
yB
cPartitionedCallx*
f	R
f1031*
Tin
0*
Tout
0"
y
c:output:0
l

f1031
x
yB
cPartitionedCallx*
f	R
f1032*
Tin
0*
Tout
0"
y
c:output:0
l

f1032
x
yB
cPartitionedCallx*
f	R
f1033*
Tin
0*
Tout
0"
y
c:output:0
l

f1033
x
yB
cPartitionedCallx*
f	R
f1034*
Tin
0*
Tout
0"
y
c:output:0
l

f1034
x
yB
cPartitionedCallx*
f	R
f1035*
Tin
0*
Tout
0"
y
c:output:0
l

f1035
x
yB
cPartitionedCallx*
f	R
f1036*
Tin
0*
Tout
0"
y
c:output:0
l

f1036
x
yB
cPartitionedCallx*
f	R
f1037*
Tin
0*
Tout
0"
y
c:output:0
l

f1037
x
yB
cPartitionedCallx*
f	R
f1038*
Tin
0*
Tout
0"
y
c:output:0
l

f1038
x
yB
cPartitionedCallx*
f	R
f1039*
Tin
0*
Tout
0"
y
c:output:0
l

f1039
x
yB
cPartitionedCallx*
f	R
f1040*
Tin
0*
Tout
0"
y
c:output:0
l

f1040
x
yB
cPartitionedCallx*
f	R
f1041*
Tin
0*
Tout
0"
y
c:output:0
l

f1041
x
yB
cPartitionedCallx*
f	R
f1042*
Tin
0*
Tout
0"
y
c:output:0
l

f1042
x
yB
cPartitionedCallx*
f	R
f1043*
Tin
0*
Tout
0"
y
c:output:0
l

f1043
x
yB
cPartitionedCallx*
f	R
f1044*
Tin
0*
Tout
0"
y
c:output:0
l

f1044
x
yB
cPartitionedCallx*
f	R
f1045*
Tin
0*
Tout
0"
y
c:output:0
l

f1045
x
yB
cPartitionedCallx*
f	R
f1046*
Tin
0*
Tout
0"
y
c:output:0
l

f1046
x
yB
cPartitionedCallx*
f	R
f1047*
Tin
0*
Tout
0"
y
c:output:0
l

f1047
x
yB
cPartitionedCallx*
f	R
f1048*
Tin
0*
Tout
0"
y
c:output:0
l

f1048
x
yB
cPartitionedCallx*
f	R
f1049*
Tin
0*
Tout
0"
y
c:output:0
l

f1049
x
yB
cPartitionedCallx*
f	R
f1050*
Tin
0*
Tout
0"
y
c:output:0
l

f1050
x
yB
cPartitionedCallx*
f	R
f1051*
Tin
0*
Tout
0"
y
c:output:0
l

f1051
x
yB
cPartitionedCallx*
f	R
f1052*
Tin
0*
Tout
0"
y
c:output:0
l

f1052
x
yB
cPartitionedCallx*
f	R
f1053*
Tin
0*
Tout
0"
y
c:output:0
l

f1053
x
yB
cPartitionedCallx*
f	R
f1054*
Tin
0*
Tout
0"
y
c:output:0
l

f1054
x
yB
cPartitionedCallx*
f	R
f1055*
Tin
0*
Tout
0"
y
c:output:0
l

f1055
x
yB
cPartitionedCallx*
f	R
f1056*
Tin
0*
Tout
0"
y
c:output:0
l

f1056
x
yB
cPartitionedCallx*
f	R
f1057*
Tin
0*
Tout
0"
y
c:output:0
l

f1057
x
yB
cPartitionedCallx*
f	R
f1058*
Tin
0*
Tout
0"
y
c:output:0
l

f1058
x
yB
cPartitionedCallx*
f	R
f1059*
Tin
0*
Tout
0"
y
c:output:0
l

f1059
x
yB
cPartitionedCallx*
f	R
f1060*
Tin
0*
Tout
0"
y
c:output:0
l

f1060
x
yB
cPartitionedCallx*
f	R
f1061*
Tin
0*
Tout
0"
y
c:output:0
l

f1061
x
yB
cPartitionedCallx*
f	R
f1062*
Tin
0*
Tout
0"
y
c:output:0
l

f1062
x
yB
cPartitionedCallx*
f	R
f1063*
Tin
0*
Tout
0"
y
c:output:0
l

f1063
x
yB
cPartitionedCallx*
f	R
f1064*
Tin
0*
Tout
0"
y
c:output:0
l

f1064
x
yB
cPartitionedCallx*
f	R
f1065*
Tin
0*
Tout
0"
y
c:output:0
l

f1065
x
yB
cPartitionedCallx*
f	R
f1066*
Tin
0*
Tout
0"
y
c:output:0
l

f1066
x
yB
cPartitionedCallx*
f	R
f1067*
Tin
0*
Tout
0"
y
c:output:0
l

f1067
x
yB
cPartitionedCallx*
f	R
f1068*
Tin
0*
Tout
0"
y
c:output:0
l

f1068
x
yB
cPartitionedCallx*
f	R
f1069*
Tin
0*
Tout
0"
y
c:output:0
l

f1069
x
yB
cPartitionedCallx*
f	R
f1070*
Tin
0*
Tout
0"
y
c:output:0
l

f1070
x
yB
cPartitionedCallx*
f	R
f1071*
Tin
0*
Tout
0"
y
c:output:0
l

f1071
x
yB
cPartitionedCallx*
f	R
f1072*
Tin
0*
Tout
0"
y
c:output:0
l

f1072
x
yB
cPartitionedCallx*
f	R
f1073*
Tin
0*
Tout
0"
y
c:output:0
l

f1073
x
yB
cPartitionedCallx*
f	R
f1074*
Tin
0*
Tout
0"
y
c:output:0
l

f1074
x
yB
cPartitionedCallx*
f	R
f1075*
Tin
0*
Tout
0"
y
c:output:0
l

f1075
x
yB
cPartitionedCallx*
f	R
f1076*
Tin
0*
Tout
0"
y
c:output:0
l

f1076
x
yB
cPartitionedCallx*
f	R
f1077*
Tin
0*
Tout
0"
y
c:output:0
l

f1077
x
yB
cPartitionedCallx*
f	R
f1078*
Tin
0*
Tout
0"
y
c:output:0
l

f1078
x
yB
cPartitionedCallx*
f	R
f1079*
Tin
0*
Tout
0"
y
c:output:0
l

f1079
x
yB
cPartitionedCallx*
f	R
f1080*
Tin
0*
Tout
0"
y
c:output:0
l

f1080
x
yB
cPartitionedCallx*
f	R
f1081*
Tin
0*
Tout
0"
y
c:output:0
l

f1081
x
yB
cPartitionedCallx*
f	R
f1082*
Tin
0*
Tout
0"
y
c:output:0
l

f1082
x
yB
cPartitionedCallx*
f	R
f1083*
Tin
0*
Tout
0"
y
c:output:0
l

f1083
x
yB
cPartitionedCallx*
f	R
f1084*
Tin
0*
Tout
0"
y
c:output:0
l

f1084
x
yB
cPartitionedCallx*
f	R
f1085*
Tin
0*
Tout
0"
y
c:output:0
l

f1085
x
yB
cPartitionedCallx*
f	R
f1086*
Tin
0*
Tout
0"
y
c:output:0
l

f1086
x
yB
cPartitionedCallx*
f	R
f1087*
Tin
0*
Tout
0"
y
c:output:0
l

f1087
x
yB
cPartitionedCallx*
f	R
f1088*
Tin
0*
Tout
0"
y
c:output:0
l

f1088
x
yB
cPartitionedCallx*
f	R
f1089*
Tin
0*
Tout
0"
y
c:output:0
l

f1089
x
yB
cPartitionedCallx*
f	R
f1090*
Tin
0*
Tout
0"
y
c:output:0
l

f1090
x
yB
cPartitionedCallx*
f	R
f1091*
Tin
0*
Tout
0"
y
c:output:0
l

f1091
x
yB
cPartitionedCallx*
f	R
f1092*
Tin
0*
Tout
0"
y
c:output:0
l

f1092
x
yB
cPartitionedCallx*
f	R
f1093*
Tin
0*
Tout
0"
y
c:output:0
l

f1093
x
yB
cPartitionedCallx*
f	R
f1094*
Tin
0*
Tout
0"
y
c:output:0
l

f1094
x
yB
cPartitionedCallx*
f	R
f1095*
Tin
0*
Tout
0"
y
c:output:0
l

f1095
x
yB
cPartitionedCallx*
f	R
f1096*
Tin
0*
Tout
0"
y
c:output:0
l

f1096
x
yB
cPartitionedCallx*
f	R
f1097*
Tin
0*
Tout
0"
y
c:output:0
l

f1097
x
yB
cPartitionedCallx*
f	R
f1098*
Tin
0*
Tout
0"
y
c:output:0
l

f1098
x
yB
cPartitionedCallx*
f	R
f1099*
Tin
0*
Tout
0"
y
c:output:0
l

f1099
x
yB
cPartitionedCallx*
f	R
f1100*
Tin
0*
Tout
0"
y
c:output:0
l

f1100
x
yB
cPartitionedCallx*
f	R
f1101*
Tin
0*
Tout
0"
y
c:output:0
l

f1101
x
yB
cPartitionedCallx*
f	R
f1102*
Tin
0*
Tout
0"
y
c:output:0
l

f1102
x
yB
cPartitionedCallx*
f	R
f1103*
Tin
0*
Tout
0"
y
c:output:0
l

f1103
x
yB
cPartitionedCallx*
f	R
f1104*
Tin
0*
Tout
0"
y
c:output:0
l

f1104
x
yB
cPartitionedCallx*
f	R
f1105*
Tin
0*
Tout
0"
y
c:output:0
l

f1105
x
yB
cPartitionedCallx*
f	R
f1106*
Tin
0*
Tout
0"
y
c:output:0
l

f1106
x
yB
cPartitionedCallx*
f	R
f1107*
Tin
0*
Tout
0"
y
c:output:0
l

f1107
x
yB
cPartitionedCallx*
f	R
f1108*
Tin
0*
Tout
0"
y
c:output:0
l

f1108
x
yB
cPartitionedCallx*
f	R
f1109*
Tin
0*
Tout
0"
y
c:output:0
l

f1109
x
yB
cPartitionedCallx*
f	R
f1110*
Tin
0*
Tout
0"
y
c:output:0
l

f1110
x
yB
cPartitionedCallx*
f	R
f1111*
Tin
0*
Tout
0"
y
c:output:0
l

f1111
x
yB
cPartitionedCallx*
f	R
f1112*
Tin
0*
Tout
0"
y
c:output:0
l

f1112
x
yB
cPartitionedCallx*
f	R
f1113*
Tin
0*
Tout
0"
y
c:output:0
l

f1113
x
yB
cPartitionedCallx*
f	R
f1114*
Tin
0*
Tout
0"
y
c:output:0
l

f1114
x
yB
cPartitionedCallx*
f	R
f1115*
Tin
0*
Tout
0"
y
c:output:0
l

f1115
x
yB
cPartitionedCallx*
f	R
f1116*
Tin
0*
Tout
0"
y
c:output:0
l

f1116
x
yB
cPartitionedCallx*
f	R
f1117*
Tin
0*
Tout
0"
y
c:output:0
l

f1117
x
yB
cPartitionedCallx*
f	R
f1118*
Tin
0*
Tout
0"
y
c:output:0
l

f1118
x
yB
cPartitionedCallx*
f	R
f1119*
Tin
0*
Tout
0"
y
c:output:0
l

f1119
x
yB
cPartitionedCallx*
f	R
f1120*
Tin
0*
Tout
0"
y
c:output:0
l

f1120
x
yB
cPartitionedCallx*
f	R
f1121*
Tin
0*
Tout
0"
y
c:output:0
l

f1121
x
yB
cPartitionedCallx*
f	R
f1122*
Tin
0*
Tout
0"
y
c:output:0
l

f1122
x
yB
cPartitionedCallx*
f	R
f1123*
Tin
0*
Tout
0"
y
c:output:0
l

f1123
x
yB
cPartitionedCallx*
f	R
f1124*
Tin
0*
Tout
0"
y
c:output:0
l

f1124
x
yB
cPartitionedCallx*
f	R
f1125*
Tin
0*
Tout
0"
y
c:output:0
l

f1125
x
yB
cPartitionedCallx*
f	R
f1126*
Tin
0*
Tout
0"
y
c:output:0
l

f1126
x
yB
cPartitionedCallx*
f	R
f1127*
Tin
0*
Tout
0"
y
c:output:0
l

f1127
x
yB
cPartitionedCallx*
f	R
f1128*
Tin
0*
Tout
0"
y
c:output:0
l

f1128
x
yB
cPartitionedCallx*
f	R
f1129*
Tin
0*
Tout
0"
y
c:output:0
l

f1129
x
yB
cPartitionedCallx*
f	R
f1130*
Tin
0*
Tout
0"
y
c:output:0
l

f1130
x
yB
cPartitionedCallx*
f	R
f1131*
Tin
0*
Tout
0"
y
c:output:0
l

f1131
x
yB
cPartitionedCallx*
f	R
f1132*
Tin
0*
Tout
0"
y
c:output:0
l

f1132
x
yB
cPartitionedCallx*
f	R
f1133*
Tin
0*
Tout
0"
y
c:output:0
l

f1133
x
yB
cPartitionedCallx*
f	R
f1134*
Tin
0*
Tout
0"
y
c:output:0
l

f1134
x
yB
cPartitionedCallx*
f	R
f1135*
Tin
0*
Tout
0"
y
c:output:0
l

f1135
x
yB
cPartitionedCallx*
f	R
f1136*
Tin
0*
Tout
0"
y
c:output:0
l

f1136
x
yB
cPartitionedCallx*
f	R
f1137*
Tin
0*
Tout
0"
y
c:output:0
l

f1137
x
yB
cPartitionedCallx*
f	R
f1138*
Tin
0*
Tout
0"
y
c:output:0
l

f1138
x
yB
cPartitionedCallx*
f	R
f1139*
Tin
0*
Tout
0"
y
c:output:0
l

f1139
x
yB
cPartitionedCallx*
f	R
f1140*
Tin
0*
Tout
0"
y
c:output:0
l

f1140
x
yB
cPartitionedCallx*
f	R
f1141*
Tin
0*
Tout
0"
y
c:output:0
l

f1141
x
yB
cPartitionedCallx*
f	R
f1142*
Tin
0*
Tout
0"
y
c:output:0
l

f1142
x
yB
cPartitionedCallx*
f	R
f1143*
Tin
0*
Tout
0"
y
c:output:0
l

f1143
x
yB
cPartitionedCallx*
f	R
f1144*
Tin
0*
Tout
0"
y
c:output:0
l

f1144
x
yB
cPartitionedCallx*
f	R
f1145*
Tin
0*
Tout
0"
y
c:output:0
l

f1145
x
yB
cPartitionedCallx*
f	R
f1146*
Tin
0*
Tout
0"
y
c:output:0
l

f1146
x
yB
cPartitionedCallx*
f	R
f1147*
Tin
0*
Tout
0"
y
c:output:0
l

f1147
x
yB
cPartitionedCallx*
f	R
f1148*
Tin
0*
Tout
0"
y
c:output:0
l

f1148
x
yB
cPartitionedCallx*
f	R
f1149*
Tin
0*
Tout
0"
y
c:output:0
l

f1149
x
yB
cPartitionedCallx*
f	R
f1150*
Tin
0*
Tout
0"
y
c:output:0
l

f1150
x
yB
cPartitionedCallx*
f	R
f1151*
Tin
0*
Tout
0"
y
c:output:0
l

f1151
x
yB
cPartitionedCallx*
f	R
f1152*
Tin
0*
Tout
0"
y
c:output:0
l

f1152
x
yB
cPartitionedCallx*
f	R
f1153*
Tin
0*
Tout
0"
y
c:output:0
l

f1153
x
yB
cPartitionedCallx*
f	R
f1154*
Tin
0*
Tout
0"
y
c:output:0
l

f1154
x
yB
cPartitionedCallx*
f	R
f1155*
Tin
0*
Tout
0"
y
c:output:0
l

f1155
x
yB
cPartitionedCallx*
f	R
f1156*
Tin
0*
Tout
0"
y
c:output:0
l

f1156
x
yB
cPartitionedCallx*
f	R
f1157*
Tin
0*
Tout
0"
y
c:output:0
l

f1157
x
yB
cPartitionedCallx*
f	R
f1158*
Tin
0*
Tout
0"
y
c:output:0
l

f1158
x
yB
cPartitionedCallx*
f	R
f1159*
Tin
0*
Tout
0"
y
c:output:0
l

f1159
x
yB
cPartitionedCallx*
f	R
f1160*
Tin
0*
Tout
0"
y
c:output:0
l

f1160
x
yB
cPartitionedCallx*
f	R
f1161*
Tin
0*
Tout
0"
y
c:output:0
l

f1161
x
yB
cPartitionedCallx*
f	R
f1162*
Tin
0*
Tout
0"
y
c:output:0
l

f1162
x
yB
cPartitionedCallx*
f	R
f1163*
Tin
0*
Tout
0"
y
c:output:0
l

f1163
x
yB
cPartitionedCallx*
f	R
f1164*
Tin
0*
Tout
0"
y
c:output:0
l

f1164
x
yB
cPartitionedCallx*
f	R
f1165*
Tin
0*
Tout
0"
y
c:output:0
l

f1165
x
yB
cPartitionedCallx*
f	R
f1166*
Tin
0*
Tout
0"
y
c:output:0
l

f1166
x
yB
cPartitionedCallx*
f	R
f1167*
Tin
0*
Tout
0"
y
c:output:0
l

f1167
x
yB
cPartitionedCallx*
f	R
f1168*
Tin
0*
Tout
0"
y
c:output:0
l

f1168
x
yB
cPartitionedCallx*
f	R
f1169*
Tin
0*
Tout
0"
y
c:output:0
l

f1169
x
yB
cPartitionedCallx*
f	R
f1170*
Tin
0*
Tout
0"
y
c:output:0
l

f1170
x
yB
cPartitionedCallx*
f	R
f1171*
Tin
0*
Tout
0"
y
c:output:0
l

f1171
x
yB
cPartitionedCallx*
f	R
f1172*
Tin
0*
Tout
0"
y
c:output:0
l

f1172
x
yB
cPartitionedCallx*
f	R
f1173*
Tin
0*
Tout
0"
y
c:output:0
l

f1173
x
yB
cPartitionedCallx*
f	R
f1174*
Tin
0*
Tout
0"
y
c:output:0
l

f1174
x
yB
cPartitionedCallx*
f	R
f1175*
Tin
0*
Tout
0"
y
c:output:0
l

f1175
x
yB
cPartitionedCallx*
f	R
f1176*
Tin
0*
Tout
0"
y
c:output:0
l

f1176
x
yB
cPartitionedCallx*
f	R
f1177*
Tin
0*
Tout
0"
y
c:output:0
l

f1177
x
yB
cPartitionedCallx*
f	R
f1178*
Tin
0*
Tout
0"
y
c:output:0
l

f1178
x
yB
cPartitionedCallx*
f	R
f1179*
Tin
0*
Tout
0"
y
c:output:0
l

f1179
x
yB
cPartitionedCallx*
f	R
f1180*
Tin
0*
Tout
0"
y
c:output:0
l

f1180
x
yB
cPartitionedCallx*
f	R
f1181*
Tin
0*
Tout
0"
y
c:output:0
l

f1181
x
yB
cPartitionedCallx*
f	R
f1182*
Tin
0*
Tout
0"
y
c:output:0
l

f1182
x
yB
cPartitionedCallx*
f	R
f1183*
Tin
0*
Tout
0"
y
c:output:0
l

f1183
x
yB
cPartitionedCallx*
f	R
f1184*
Tin
0*
Tout
0"
y
c:output:0
l

f1184
x
yB
cPartitionedCallx*
f	R
f1185*
Tin
0*
Tout
0"
y
c:output:0
l

f1185
x
yB
cPartitionedCallx*
f	R
f1186*
Tin
0*
Tout
0"
y
c:output:0
l

f1186
x
yB
cPartitionedCallx*
f	R
f1187*
Tin
0*
Tout
0"
y
c:output:0
l

f1187
x
yB
cPartitionedCallx*
f	R
f1188*
Tin
0*
Tout
0"
y
c:output:0
l

f1188
x
yB
cPartitionedCallx*
f	R
f1189*
Tin
0*
Tout
0"
y
c:output:0
l

f1189
x
yB
cPartitionedCallx*
f	R
f1190*
Tin
0*
Tout
0"
y
c:output:0
l

f1190
x
yB
cPartitionedCallx*
f	R
f1191*
Tin
0*
Tout
0"
y
c:output:0
l

f1191
x
yB
cPartitionedCallx*
f	R
f1192*
Tin
0*
Tout
0"
y
c:output:0
l

f1192
x
yB
cPartitionedCallx*
f	R
f1193*
Tin
0*
Tout
0"
y
c:output:0
l

f1193
x
yB
cPartitionedCallx*
f	R
f1194*
Tin
0*
Tout
0"
y
c:output:0
l

f1194
x
yB
cPartitionedCallx*
f	R
f1195*
Tin
0*
Tout
0"
y
c:output:0
l

f1195
x
yB
cPartitionedCallx*
f	R
f1196*
Tin
0*
Tout
0"
y
c:output:0
l

f1196
x
yB
cPartitionedCallx*
f	R
f1197*
Tin
0*
Tout
0"
y
c:output:0
l

f1197
x
yB
cPartitionedCallx*
f	R
f1198*
Tin
0*
Tout
0"
y
c:output:0
l

f1198
x
yB
cPartitionedCallx*
f	R
f1199*
Tin
0*
Tout
0"
y
c:output:0
l

f1199
x
yB
cPartitionedCallx*
f	R
f1200*
Tin
0*
Tout
0"
y
c:output:0
l

f1200
x
yB
cPartitionedCallx*
f	R
f1201*
Tin
0*
Tout
0"
y
c:output:0
l

f1201
x
yB
cPartitionedCallx*
f	R
f1202*
Tin
0*
Tout
0"
y
c:output:0
l

f1202
x
yB
cPartitionedCallx*
f	R
f1203*
Tin
0*
Tout
0"
y
c:output:0
l

f1203
x
yB
cPartitionedCallx*
f	R
f1204*
Tin
0*
Tout
0"
y
c:output:0
l

f1204
x
yB
cPartitionedCallx*
f	R
f1205*
Tin
0*
Tout
0"
y
c:output:0
l

f1205
x
yB
cPartitionedCallx*
f	R
f1206*
Tin
0*
Tout
0"
y
c:output:0
l

f1206
x
yB
cPartitionedCallx*
f	R
f1207*
Tin
0*
Tout
0"
y
c:output:0
l

f1207
x
yB
cPartitionedCallx*
f	R
f1208*
Tin
0*
Tout
0"
y
c:output:0
l

f1208
x
yB
cPartitionedCallx*
f	R
f1209*
Tin
0*
Tout
0"
y
c:output:0
l

f1209
x
yB
cPartitionedCallx*
f	R
f1210*
Tin
0*
Tout
0"
y
c:output:0
l

f1210
x
yB
cPartitionedCallx*
f	R
f1211*
Tin
0*
Tout
0"
y
c:output:0
l

f1211
x
yB
cPartitionedCallx*
f	R
f1212*
Tin
0*
Tout
0"
y
c:output:0
l

f1212
x
yB
cPartitionedCallx*
f	R
f1213*
Tin
0*
Tout
0"
y
c:output:0
l

f1213
x
yB
cPartitionedCallx*
f	R
f1214*
Tin
0*
Tout
0"
y
c:output:0
l

f1214
x
yB
cPartitionedCallx*
f	R
f1215*
Tin
0*
Tout
0"
y
c:output:0
l

f1215
x
yB
cPartitionedCallx*
f	R
f1216*
Tin
0*
Tout
0"
y
c:output:0
l

f1216
x
yB
cPartitionedCallx*
f	R
f1217*
Tin
0*
Tout
0"
y
c:output:0
l

f1217
x
yB
cPartitionedCallx*
f	R
f1218*
Tin
0*
Tout
0"
y
c:output:0
l

f1218
x
yB
cPartitionedCallx*
f	R
f1219*
Tin
0*
Tout
0"
y
c:output:0
l

f1219
x
yB
cPartitionedCallx*
f	R
f1220*
Tin
0*
Tout
0"
y
c:output:0
l

f1220
x
yB
cPartitionedCallx*
f	R
f1221*
Tin
0*
Tout
0"
y
c:output:0
l

f1221
x
yB
cPartitionedCallx*
f	R
f1222*
Tin
0*
Tout
0"
y
c:output:0
l

f1222
x
yB
cPartitionedCallx*
f	R
f1223*
Tin
0*
Tout
0"
y
c:output:0
l

f1223
x
yB
cPartitionedCallx*
f	R
f1224*
Tin
0*
Tout
0"
y
c:output:0
l

f1224
x
yB
cPartitionedCallx*
f	R
f1225*
Tin
0*
Tout
0"
y
c:output:0
l

f1225
x
yB
cPartitionedCallx*
f	R
f1226*
Tin
0*
Tout
0"
y
c:output:0
l

f1226
x
yB
cPartitionedCallx*
f	R
f1227*
Tin
0*
Tout
0"
y
c:output:0
l

f1227
x
yB
cPartitionedCallx*
f	R
f1228*
Tin
0*
Tout
0"
y
c:output:0
l

f1228
x
yB
cPartitionedCallx*
f	R
f1229*
Tin
0*
Tout
0"
y
c:output:0
l

f1229
x
yB
cPartitionedCallx*
f	R
f1230*
Tin
0*
Tout
0"
y
c:output:0
l

f1230
x
yB
cPartitionedCallx*
f	R
f1231*
Tin
0*
Tout
0"
y
c:output:0
l

f1231
x
yB
cPartitionedCallx*
f	R
f1232*
Tin
0*
Tout
0"
y
c:output:0
l

f1232
x
yB
cPartitionedCallx*
f	R
f1233*
Tin
0*
Tout
0"
y
c:output:0
l

f1233
x
yB
cPartitionedCallx*
f	R
f1234*
Tin
0*
Tout
0"
y
c:output:0
l

f1234
x
yB
cPartitionedCallx*
f	R
f1235*
Tin
0*
Tout
0"
y
c:output:0
l

f1235
x
yB
cPartitionedCallx*
f	R
f1236*
Tin
0*
Tout
0"
y
c:output:0
l

f1236
x
yB
cPartitionedCallx*
f	R
f1237*
Tin
0*
Tout
0"
y
c:output:0
l

f1237
x
yB
cPartitionedCallx*
f	R
f1238*
Tin
0*
Tout
0"
y
c:output:0
l

f1238
x
yB
cPartitionedCallx*
f	R
f1239*
Tin
0*
Tout
0"
y
c:output:0
l

f1239
x
yB
cPartitionedCallx*
f	R
f1240*
Tin
0*
Tout
0"
y
c:output:0
l

f1240
x
yB
cPartitionedCallx*
f	R
f1241*
Tin
0*
Tout
0"
y
c:output:0
l

f1241
x
yB
cPartitionedCallx*
f	R
f1242*
Tin
0*
Tout
0"
y
c:output:0
l

f1242
x
yB
cPartitionedCallx*
f	R
f1243*
Tin
0*
Tout
0"
y
c:output:0
l

f1243
x
yB
cPartitionedCallx*
f	R
f1244*
Tin
0*
Tout
0"
y
c:output:0
l

f1244
x
yB
cPartitionedCallx*
f	R
f1245*
Tin
0*
Tout
0"
y
c:output:0
l

f1245
x
yB
cPartitionedCallx*
f	R
f1246*
Tin
0*
Tout
0"
y
c:output:0
l

f1246
x
yB
cPartitionedCallx*
f	R
f1247*
Tin
0*
Tout
0"
y
c:output:0
l

f1247
x
yB
cPartitionedCallx*
f	R
f1248*
Tin
0*
Tout
0"
y
c:output:0
l

f1248
x
yB
cPartitionedCallx*
f	R
f1249*
Tin
0*
Tout
0"
y
c:output:0
l

f1249
x
yB
cPartitionedCallx*
f	R
f1250*
Tin
0*
Tout
0"
y
c:output:0
l

f1250
x
yB
cPartitionedCallx*
f	R
f1251*
Tin
0*
Tout
0"
y
c:output:0
l

f1251
x
yB
cPartitionedCallx*
f	R
f1252*
Tin
0*
Tout
0"
y
c:output:0
l

f1252
x
yB
cPartitionedCallx*
f	R
f1253*
Tin
0*
Tout
0"
y
c:output:0
l

f1253
x
yB
cPartitionedCallx*
f	R
f1254*
Tin
0*
Tout
0"
y
c:output:0
l

f1254
x
yB
cPartitionedCallx*
f	R
f1255*
Tin
0*
Tout
0"
y
c:output:0
l

f1255
x
yB
cPartitionedCallx*
f	R
f1256*
Tin
0*
Tout
0"
y
c:output:0
l

f1256
x
yB
cPartitionedCallx*
f	R
f1257*
Tin
0*
Tout
0"
y
c:output:0
l

f1257
x
yB
cPartitionedCallx*
f	R
f1258*
Tin
0*
Tout
0"
y
c:output:0
l

f1258
x
yB
cPartitionedCallx*
f	R
f1259*
Tin
0*
Tout
0"
y
c:output:0
l

f1259
x
yB
cPartitionedCallx*
f	R
f1260*
Tin
0*
Tout
0"
y
c:output:0
l

f1260
x
yB
cPartitionedCallx*
f	R
f1261*
Tin
0*
Tout
0"
y
c:output:0
l

f1261
x
yB
cPartitionedCallx*
f	R
f1262*
Tin
0*
Tout
0"
y
c:output:0
l

f1262
x
yB
cPartitionedCallx*
f	R
f1263*
Tin
0*
Tout
0"
y
c:output:0
l

f1263
x
yB
cPartitionedCallx*
f	R
f1264*
Tin
0*
Tout
0"
y
c:output:0
l

f1264
x
yB
cPartitionedCallx*
f	R
f1265*
Tin
0*
Tout
0"
y
c:output:0
l

f1265
x
yB
cPartitionedCallx*
f	R
f1266*
Tin
0*
Tout
0"
y
c:output:0
l

f1266
x
yB
cPartitionedCallx*
f	R
f1267*
Tin
0*
Tout
0"
y
c:output:0
l

f1267
x
yB
cPartitionedCallx*
f	R
f1268*
Tin
0*
Tout
0"
y
c:output:0
l

f1268
x
yB
cPartitionedCallx*
f	R
f1269*
Tin
0*
Tout
0"
y
c:output:0
l

f1269
x
yB
cPartitionedCallx*
f	R
f1270*
Tin
0*
Tout
0"
y
c:output:0
l

f1270
x
yB
cPartitionedCallx*
f	R
f1271*
Tin
0*
Tout
0"
y
c:output:0
l

f1271
x
yB
cPartitionedCallx*
f	R
f1272*
Tin
0*
Tout
0"
y
c:output:0
l

f1272
x
yB
cPartitionedCallx*
f	R
f1273*
Tin
0*
Tout
0"
y
c:output:0
l

f1273
x
yB
cPartitionedCallx*
f	R
f1274*
Tin
0*
Tout
0"
y
c:output:0
l

f1274
x
yB
cPartitionedCallx*
f	R
f1275*
Tin
0*
Tout
0"
y
c:output:0
l

f1275
x
yB
cPartitionedCallx*
f	R
f1276*
Tin
0*
Tout
0"
y
c:output:0
l

f1276
x
yB
cPartitionedCallx*
f	R
f1277*
Tin
0*
Tout
0"
y
c:output:0
l

f1277
x
yB
cPartitionedCallx*
f	R
f1278*
Tin
0*
Tout
0"
y
c:output:0
l

f1278
x
yB
cPartitionedCallx*
f	R
f1279*
Tin
0*
Tout
0"
y
c:output:0
l

f1279
x
yB
cPartitionedCallx*
f	R
f1280*
Tin
0*
Tout
0"
y
c:output:0
l

f1280
x
yB
cPartitionedCallx*
f	R
f1281*
Tin
0*
Tout
0"
y
c:output:0
l

f1281
x
yB
cPartitionedCallx*
f	R
f1282*
Tin
0*
Tout
0"
y
c:output:0
l

f1282
x
yB
cPartitionedCallx*
f	R
f1283*
Tin
0*
Tout
0"
y
c:output:0
l

f1283
x
yB
cPartitionedCallx*
f	R
f1284*
Tin
0*
Tout
0"
y
c:output:0
l

f1284
x
yB
cPartitionedCallx*
f	R
f1285*
Tin
0*
Tout
0"
y
c:output:0
l

f1285
x
yB
cPartitionedCallx*
f	R
f1286*
Tin
0*
Tout
0"
y
c:output:0
l

f1286
x
yB
cPartitionedCallx*
f	R
f1287*
Tin
0*
Tout
0"
y
c:output:0
l

f1287
x
yB
cPartitionedCallx*
f	R
f1288*
Tin
0*
Tout
0"
y
c:output:0
l

f1288
x
yB
cPartitionedCallx*
f	R
f1289*
Tin
0*
Tout
0"
y
c:output:0
l

f1289
x
yB
cPartitionedCallx*
f	R
f1290*
Tin
0*
Tout
0"
y
c:output:0
l

f1290
x
yB
cPartitionedCallx*
f	R
f1291*
Tin
0*
Tout
0"
y
c:output:0
l

f1291
x
yB
cPartitionedCallx*
f	R
f1292*
Tin
0*
Tout
0"
y
c:output:0
l

f1292
x
yB
cPartitionedCallx*
f	R
f1293*
Tin
0*
Tout
0"
y
c:output:0
l

f1293
x
yB
cPartitionedCallx*
f	R
f1294*
Tin
0*
Tout
0"
y
c:output:0
l

f1294
x
yB
cPartitionedCallx*
f	R
f1295*
Tin
0*
Tout
0"
y
c:output:0
l

f1295
x
yB
cPartitionedCallx*
f	R
f1296*
Tin
0*
Tout
0"
y
c:output:0
l

f1296
x
yB
cPartitionedCallx*
f	R
f1297*
Tin
0*
Tout
0"
y
c:output:0
l

f1297
x
yB
cPartitionedCallx*
f	R
f1298*
Tin
0*
Tout
0"
y
c:output:0
l

f1298
x
yB
cPartitionedCallx*
f	R
f1299*
Tin
0*
Tout
0"
y
c:output:0
l

f1299
x
yB
cPartitionedCallx*
f	R
f1300*
Tin
0*
Tout
0"
y
c:output:0
l

f1300
x
yB
cPartitionedCallx*
f	R
f1301*
Tin
0*
Tout
0"
y
c:output:0
l

f1301
x
yB
cPartitionedCallx*
f	R
f1302*
Tin
0*
Tout
0"
y
c:output:0
l

f1302
x
yB
cPartitionedCallx*
f	R
f1303*
Tin
0*
Tout
0"
y
c:output:0
l

f1303
x
yB
cPartitionedCallx*
f	R
f1304*
Tin
0*
Tout
0"
y
c:output:0
l

f1304
x
yB
cPartitionedCallx*
f	R
f1305*
Tin
0*
Tout
0"
y
c:output:0
l

f1305
x
yB
cPartitionedCallx*
f	R
f1306*
Tin
0*
Tout
0"
y
c:output:0
l

f1306
x
yB
cPartitionedCallx*
f	R
f1307*
Tin
0*
Tout
0"
y
c:output:0
l

f1307
x
yB
cPartitionedCallx*
f	R
f1308*
Tin
0*
Tout
0"
y
c:output:0
l

f1308
x
yB
cPartitionedCallx*
f	R
f1309*
Tin
0*
Tout
0"
y
c:output:0
l

f1309
x
yB
cPartitionedCallx*
f	R
f1310*
Tin
0*
Tout
0"
y
c:output:0
l

f1310
x
yB
cPartitionedCallx*
f	R
f1311*
Tin
0*
Tout
0"
y
c:output:0
l

f1311
x
yB
cPartitionedCallx*
f	R
f1312*
Tin
0*
Tout
0"
y
c:output:0
l

f1312
x
yB
cPartitionedCallx*
f	R
f1313*
Tin
0*
Tout
0"
y
c:output:0
l

f1313
x
yB
cPartitionedCallx*
f	R
f1314*
Tin
0*
Tout
0"
y
c:output:0
l

f1314
x
yB
cPartitionedCallx*
f	R
f1315*
Tin
0*
Tout
0"
y
c:output:0
l

f1315
x
yB
cPartitionedCallx*
f	R
f1316*
Tin
0*
Tout
0"
y
c:output:0
l

f1316
x
yB
cPartitionedCallx*
f	R
f1317*
Tin
0*
Tout
0"
y
c:output:0
l

f1317
x
yB
cPartitionedCallx*
f	R
f1318*
Tin
0*
Tout
0"
y
c:output:0
l

f1318
x
yB
cPartitionedCallx*
f	R
f1319*
Tin
0*
Tout
0"
y
c:output:0
l

f1319
x
yB
cPartitionedCallx*
f	R
f1320*
Tin
0*
Tout
0"
y
c:output:0
l

f1320
x
yB
cPartitionedCallx*
f	R
f1321*
Tin
0*
Tout
0"
y
c:output:0
l

f1321
x
yB
cPartitionedCallx*
f	R
f1322*
Tin
0*
Tout
0"
y
c:output:0
l

f1322
x
yB
cPartitionedCallx*
f	R
f1323*
Tin
0*
Tout
0"
y
c:output:0
l

f1323
x
yB
cPartitionedCallx*
f	R
f1324*
Tin
0*
Tout
0"
y
c:output:0
l

f1324
x
yB
cPartitionedCallx*
f	R
f1325*
Tin
0*
Tout
0"
y
c:output:0
l

f1325
x
yB
cPartitionedCallx*
f	R
f1326*
Tin
0*
Tout
0"
y
c:output:0
l

f1326
x
yB
cPartitionedCallx*
f	R
f1327*
Tin
0*
Tout
0"
y
c:output:0
l

f1327
x
yB
cPartitionedCallx*
f	R
f1328*
Tin
0*
Tout
0"
y
c:output:0
l

f1328
x
yB
cPartitionedCallx*
f	R
f1329*
Tin
0*
Tout
0"
y
c:output:0
l

f1329
x
yB
cPartitionedCallx*
f	R
f1330*
Tin
0*
Tout
0"
y
c:output:0
l

f1330
x
yB
cPartitionedCallx*
f	R
f1331*
Tin
0*
Tout
0"
y
c:output:0
l

f1331
x
yB
cPartitionedCallx*
f	R
f1332*
Tin
0*
Tout
0"
y
c:output:0
l

f1332
x
yB
cPartitionedCallx*
f	R
f1333*
Tin
0*
Tout
0"
y
c:output:0
l

f1333
x
yB
cPartitionedCallx*
f	R
f1334*
Tin
0*
Tout
0"
y
c:output:0
l

f1334
x
yB
cPartitionedCallx*
f	R
f1335*
Tin
0*
Tout
0"
y
c:output:0
l

f1335
x
yB
cPartitionedCallx*
f	R
f1336*
Tin
0*
Tout
0"
y
c:output:0
l

f1336
x
yB
cPartitionedCallx*
f	R
f1337*
Tin
0*
Tout
0"
y
c:output:0
l

f1337
x
yB
cPartitionedCallx*
f	R
f1338*
Tin
0*
Tout
0"
y
c:output:0
l

f1338
x
yB
cPartitionedCallx*
f	R
f1339*
Tin
0*
Tout
0"
y
c:output:0
l

f1339
x
yB
cPartitionedCallx*
f	R
f1340*
Tin
0*
Tout
0"
y
c:output:0
l

f1340
x
yB
cPartitionedCallx*
f	R
f1341*
Tin
0*
Tout
0"
y
c:output:0
l

f1341
x
yB
cPartitionedCallx*
f	R
f1342*
Tin
0*
Tout
0"
y
c:output:0
l

f1342
x
yB
cPartitionedCallx*
f	R
f1343*
Tin
0*
Tout
0"
y
c:output:0
l

f1343
x
yB
cPartitionedCallx*
f	R
f1344*
Tin
0*
Tout
0"
y
c:output:0
l

f1344
x
yB
cPartitionedCallx*
f	R
f1345*
Tin
0*
Tout
0"
y
c:output:0
l

f1345
x
yB
cPartitionedCallx*
f	R
f1346*
Tin
0*
Tout
0"
y
c:output:0
l

f1346
x
yB
cPartitionedCallx*
f	R
f1347*
Tin
0*
Tout
0"
y
c:output:0
l

f1347
x
yB
cPartitionedCallx*
f	R
f1348*
Tin
0*
Tout
0"
y
c:output:0
l

f1348
x
yB
cPartitionedCallx*
f	R
f1349*
Tin
0*
Tout
0"
y
c:output:0
l

f1349
x
yB
cPartitionedCallx*
f	R
f1350*
Tin
0*
Tout
0"
y
c:output:0
l

f1350
x
yB
cPartitionedCallx*
f	R
f1351*
Tin
0*
Tout
0"
y
c:output:0
l

f1351
x
yB
cPartitionedCallx*
f	R
f1352*
Tin
0*
Tout
0"
y
c:output:0
l

f1352
x
yB
cPartitionedCallx*
f	R
f1353*
Tin
0*
Tout
0"
y
c:output:0
l

f1353
x
yB
cPartitionedCallx*
f	R
f1354*
Tin
0*
Tout
0"
y
c:output:0
l

f1354
x
yB
cPartitionedCallx*
f	R
f1355*
Tin
0*
Tout
0"
y
c:output:0
l

f1355
x
yB
cPartitionedCallx*
f	R
f1356*
Tin
0*
Tout
0"
y
c:output:0
l

f1356
x
yB
cPartitionedCallx*
f	R
f1357*
Tin
0*
Tout
0"
y
c:output:0
l

f1357
x
yB
cPartitionedCallx*
f	R
f1358*
Tin
0*
Tout
0"
y
c:output:0
l

f1358
x
yB
cPartitionedCallx*
f	R
f1359*
Tin
0*
Tout
0"
y
c:output:0
l

f1359
x
yB
cPartitionedCallx*
f	R
f1360*
Tin
0*
Tout
0"
y
c:output:0
l

f1360
x
yB
cPartitionedCallx*
f	R
f1361*
Tin
0*
Tout
0"
y
c:output:0
l

f1361
x
yB
cPartitionedCallx*
f	R
f1362*
Tin
0*
Tout
0"
y
c:output:0
l

f1362
x
yB
cPartitionedCallx*
f	R
f1363*
Tin
0*
Tout
0"
y
c:output:0
l

f1363
x
yB
cPartitionedCallx*
f	R
f1364*
Tin
0*
Tout
0"
y
c:output:0
l

f1364
x
yB
cPartitionedCallx*
f	R
f1365*
Tin
0*
Tout
0"
y
c:output:0
l

f1365
x
yB
cPartitionedCallx*
f	R
f1366*
Tin
0*
Tout
0"
y
c:output:0
l

f1366
x
yB
cPartitionedCallx*
f	R
f1367*
Tin
0*
Tout
0"
y
c:output:0
l

f1367
x
yB
cPartitionedCallx*
f	R
f1368*
Tin
0*
Tout
0"
y
c:output:0
l

f1368
x
yB
cPartitionedCallx*
f	R
f1369*
Tin
0*
Tout
0"
y
c:output:0
l

f1369
x
yB
cPartitionedCallx*
f	R
f1370*
Tin
0*
Tout
0"
y
c:output:0
l

f1370
x
yB
cPartitionedCallx*
f	R
f1371*
Tin
0*
Tout
0"
y
c:output:0
l

f1371
x
yB
cPartitionedCallx*
f	R
f1372*
Tin
0*
Tout
0"
y
c:output:0
l

f1372
x
yB
cPartitionedCallx*
f	R
f1373*
Tin
0*
Tout
0"
y
c:output:0
l

f1373
x
yB
cPartitionedCallx*
f	R
f1374*
Tin
0*
Tout
0"
y
c:output:0
l

f1374
x
yB
cPartitionedCallx*
f	R
f1375*
Tin
0*
Tout
0"
y
c:output:0
l

f1375
x
yB
cPartitionedCallx*
f	R
f1376*
Tin
0*
Tout
0"
y
c:output:0
l

f1376
x
yB
cPartitionedCallx*
f	R
f1377*
Tin
0*
Tout
0"
y
c:output:0
l

f1377
x
yB
cPartitionedCallx*
f	R
f1378*
Tin
0*
Tout
0"
y
c:output:0
l

f1378
x
yB
cPartitionedCallx*
f	R
f1379*
Tin
0*
Tout
0"
y
c:output:0
l

f1379
x
yB
cPartitionedCallx*
f	R
f1380*
Tin
0*
Tout
0"
y
c:output:0
l

f1380
x
yB
cPartitionedCallx*
f	R
f1381*
Tin
0*
Tout
0"
y
c:output:0
l

f1381
x
yB
cPartitionedCallx*
f	R
f1382*
Tin
0*
Tout
0"
y
c:output:0
l

f1382
x
yB
cPartitionedCallx*
f	R
f1383*
Tin
0*
Tout
0"
y
c:output:0
l

f1383
x
yB
cPartitionedCallx*
f	R
f1384*
Tin
0*
Tout
0"
y
c:output:0
l

f1384
x
yB
cPartitionedCallx*
f	R
f1385*
Tin
0*
Tout
0"
y
c:output:0
l

f1385
x
yB
cPartitionedCallx*
f	R
f1386*
Tin
0*
Tout
0"
y
c:output:0
l

f1386
x
yB
cPartitionedCallx*
f	R
f1387*
Tin
0*
Tout
0"
y
c:output:0
l

f1387
x
yB
cPartitionedCallx*
f	R
f1388*
Tin
0*
Tout
0"
y
c:output:0
l

f1388
x
yB
cPartitionedCallx*
f	R
f1389*
Tin
0*
Tout
0"
y
c:output:0
l

f1389
x
yB
cPartitionedCallx*
f	R
f1390*
Tin
0*
Tout
0"
y
c:output:0
l

f1390
x
yB
cPartitionedCallx*
f	R
f1391*
Tin
0*
Tout
0"
y
c:output:0
l

f1391
x
yB
cPartitionedCallx*
f	R
f1392*
Tin
0*
Tout
0"
y
c:output:0
l

f1392
x
yB
cPartitionedCallx*
f	R
f1393*
Tin
0*
Tout
0"
y
c:output:0
l

f1393
x
yB
cPartitionedCallx*
f	R
f1394*
Tin
0*
Tout
0"
y
c:output:0
l

f1394
x
yB
cPartitionedCallx*
f	R
f1395*
Tin
0*
Tout
0"
y
c:output:0
l

f1395
x
yB
cPartitionedCallx*
f	R
f1396*
Tin
0*
Tout
0"
y
c:output:0
l

f1396
x
yB
cPartitionedCallx*
f	R
f1397*
Tin
0*
Tout
0"
y
c:output:0
l

f1397
x
yB
cPartitionedCallx*
f	R
f1398*
Tin
0*
Tout
0"
y
c:output:0
l

f1398
x
yB
cPartitionedCallx*
f	R
f1399*
Tin
0*
Tout
0"
y
c:output:0
l

f1399
x
yB
cPartitionedCallx*
f	R
f1400*
Tin
0*
Tout
0"
y
c:output:0
l

f1400
x
yB
cPartitionedCallx*
f	R
f1401*
Tin
0*
Tout
0"
y
c:output:0
l

f1401
x
yB
cPartitionedCallx*
f	R
f1402*
Tin
0*
Tout
0"
y
c:output:0
l

f1402
x
yB
cPartitionedCallx*
f	R
f1403*
Tin
0*
Tout
0"
y
c:output:0
l

f1403
x
yB
cPartitionedCallx*
f	R
f1404*
Tin
0*
Tout
0"
y
c:output:0
l

f1404
x
yB
cPartitionedCallx*
f	R
f1405*
Tin
0*
Tout
0"
y
c:output:0
l

f1405
x
yB
cPartitionedCallx*
f	R
f1406*
Tin
0*
Tout
0"
y
c:output:0
l

f1406
x
yB
cPartitionedCallx*
f	R
f1407*
Tin
0*
Tout
0"
y
c:output:0
l

f1407
x
yB
cPartitionedCallx*
f	R
f1408*
Tin
0*
Tout
0"
y
c:output:0
l

f1408
x
yB
cPartitionedCallx*
f	R
f1409*
Tin
0*
Tout
0"
y
c:output:0
l

f1409
x
yB
cPartitionedCallx*
f	R
f1410*
Tin
0*
Tout
0"
y
c:output:0
l

f1410
x
yB
cPartitionedCallx*
f	R
f1411*
Tin
0*
Tout
0"
y
c:output:0
l

f1411
x
yB
cPartitionedCallx*
f	R
f1412*
Tin
0*
Tout
0"
y
c:output:0
l

f1412
x
yB
cPartitionedCallx*
f	R
f1413*
Tin
0*
Tout
0"
y
c:output:0
l

f1413
x
yB
cPartitionedCallx*
f	R
f1414*
Tin
0*
Tout
0"
y
c:output:0
l

f1414
x
yB
cPartitionedCallx*
f	R
f1415*
Tin
0*
Tout
0"
y
c:output:0
l

f1415
x
yB
cPartitionedCallx*
f	R
f1416*
Tin
0*
Tout
0"
y
c:output:0
l

f1416
x
yB
cPartitionedCallx*
f	R
f1417*
Tin
0*
Tout
0"
y
c:output:0
l

f1417
x
yB
cPartitionedCallx*
f	R
f1418*
Tin
0*
Tout
0"
y
c:output:0
l

f1418
x
yB
cPartitionedCallx*
f	R
f1419*
Tin
0*
Tout
0"
y
c:output:0
l

f1419
x
yB
cPartitionedCallx*
f	R
f1420*
Tin
0*
Tout
0"
y
c:output:0
l

f1420
x
yB
cPartitionedCallx*
f	R
f1421*
Tin
0*
Tout
0"
y
c:output:0
l

f1421
x
yB
cPartitionedCallx*
f	R
f1422*
Tin
0*
Tout
0"
y
c:output:0
l

f1422
x
yB
cPartitionedCallx*
f	R
f1423*
Tin
0*
Tout
0"
y
c:output:0
l

f1423
x
yB
cPartitionedCallx*
f	R
f1424*
Tin
0*
Tout
0"
y
c:output:0
l

f1424
x
yB
cPartitionedCallx*
f	R
f1425*
Tin
0*
Tout
0"
y
c:output:0
l

f1425
x
yB
cPartitionedCallx*
f	R
f1426*
Tin
0*
Tout
0"
y
c:output:0
l

f1426
x
yB
cPartitionedCallx*
f	R
f1427*
Tin
0*
Tout
0"
y
c:output:0
l

f1427
x
yB
cPartitionedCallx*
f	R
f1428*
Tin
0*
Tout
0"
y
c:output:0
l

f1428
x
yB
cPartitionedCallx*
f	R
f1429*
Tin
0*
Tout
0"
y
c:output:0
l

f1429
x
yB
cPartitionedCallx*
f	R
f1430*
Tin
0*
Tout
0"
y
c:output:0
l

f1430
x
yB
cPartitionedCallx*
f	R
f1431*
Tin
0*
Tout
0"
y
c:output:0
l

f1431
x
yB
cPartitionedCallx*
f	R
f1432*
Tin
0*
Tout
0"
y
c:output:0
l

f1432
x
yB
cPartitionedCallx*
f	R
f1433*
Tin
0*
Tout
0"
y
c:output:0
l

f1433
x
yB
cPartitionedCallx*
f	R
f1434*
Tin
0*
Tout
0"
y
c:output:0
l

f1434
x
yB
cPartitionedCallx*
f	R
f1435*
Tin
0*
Tout
0"
y
c:output:0
l

f1435
x
yB
cPartitionedCallx*
f	R
f1436*
Tin
0*
Tout
0"
y
c:output:0
l

f1436
x
yB
cPartitionedCallx*
f	R
f1437*
Tin
0*
Tout
0"
y
c:output:0
l

f1437
x
yB
cPartitionedCallx*
f	R
f1438*
Tin
0*
Tout
0"
y
c:output:0
l

f1438
x
yB
cPartitionedCallx*
f	R
f1439*
Tin
0*
Tout
0"
y
c:output:0
l

f1439
x
yB
cPartitionedCallx*
f	R
f1440*
Tin
0*
Tout
0"
y
c:output:0
l

f1440
x
yB
cPartitionedCallx*
f	R
f1441*
Tin
0*
Tout
0"
y
c:output:0
l

f1441
x
yB
cPartitionedCallx*
f	R
f1442*
Tin
0*
Tout
0"
y
c:output:0
l

f1442
x
yB
cPartitionedCallx*
f	R
f1443*
Tin
0*
Tout
0"
y
c:output:0
l

f1443
x
yB
cPartitionedCallx*
f	R
f1444*
Tin
0*
Tout
0"
y
c:output:0
l

f1444
x
yB
cPartitionedCallx*
f	R
f1445*
Tin
0*
Tout
0"
y
c:output:0
l

f1445
x
yB
cPartitionedCallx*
f	R
f1446*
Tin
0*
Tout
0"
y
c:output:0
l

f1446
x
yB
cPartitionedCallx*
f	R
f1447*
Tin
0*
Tout
0"
y
c:output:0
l

f1447
x
yB
cPartitionedCallx*
f	R
f1448*
Tin
0*
Tout
0"
y
c:output:0
l

f1448
x
yB
cPartitionedCallx*
f	R
f1449*
Tin
0*
Tout
0"
y
c:output:0
l

f1449
x
yB
cPartitionedCallx*
f	R
f1450*
Tin
0*
Tout
0"
y
c:output:0
l

f1450
x
yB
cPartitionedCallx*
f	R
f1451*
Tin
0*
Tout
0"
y
c:output:0
l

f1451
x
yB
cPartitionedCallx*
f	R
f1452*
Tin
0*
Tout
0"
y
c:output:0
l

f1452
x
yB
cPartitionedCallx*
f	R
f1453*
Tin
0*
Tout
0"
y
c:output:0
l

f1453
x
yB
cPartitionedCallx*
f	R
f1454*
Tin
0*
Tout
0"
y
c:output:0
l

f1454
x
yB
cPartitionedCallx*
f	R
f1455*
Tin
0*
Tout
0"
y
c:output:0
l

f1455
x
yB
cPartitionedCallx*
f	R
f1456*
Tin
0*
Tout
0"
y
c:output:0
l

f1456
x
yB
cPartitionedCallx*
f	R
f1457*
Tin
0*
Tout
0"
y
c:output:0
l

f1457
x
yB
cPartitionedCallx*
f	R
f1458*
Tin
0*
Tout
0"
y
c:output:0
l

f1458
x
yB
cPartitionedCallx*
f	R
f1459*
Tin
0*
Tout
0"
y
c:output:0
l

f1459
x
yB
cPartitionedCallx*
f	R
f1460*
Tin
0*
Tout
0"
y
c:output:0
l

f1460
x
yB
cPartitionedCallx*
f	R
f1461*
Tin
0*
Tout
0"
y
c:output:0
l

f1461
x
yB
cPartitionedCallx*
f	R
f1462*
Tin
0*
Tout
0"
y
c:output:0
l

f1462
x
yB
cPartitionedCallx*
f	R
f1463*
Tin
0*
Tout
0"
y
c:output:0
l

f1463
x
yB
cPartitionedCallx*
f	R
f1464*
Tin
0*
Tout
0"
y
c:output:0
l

f1464
x
yB
cPartitionedCallx*
f	R
f1465*
Tin
0*
Tout
0"
y
c:output:0
l

f1465
x
yB
cPartitionedCallx*
f	R
f1466*
Tin
0*
Tout
0"
y
c:output:0
l

f1466
x
yB
cPartitionedCallx*
f	R
f1467*
Tin
0*
Tout
0"
y
c:output:0
l

f1467
x
yB
cPartitionedCallx*
f	R
f1468*
Tin
0*
Tout
0"
y
c:output:0
l

f1468
x
yB
cPartitionedCallx*
f	R
f1469*
Tin
0*
Tout
0"
y
c:output:0
l

f1469
x
yB
cPartitionedCallx*
f	R
f1470*
Tin
0*
Tout
0"
y
c:output:0
l

f1470
x
yB
cPartitionedCallx*
f	R
f1471*
Tin
0*
Tout
0"
y
c:output:0
l

f1471
x
yB
cPartitionedCallx*
f	R
f1472*
Tin
0*
Tout
0"
y
c:output:0
l

f1472
x
yB
cPartitionedCallx*
f	R
f1473*
Tin
0*
Tout
0"
y
c:output:0
l

f1473
x
yB
cPartitionedCallx*
f	R
f1474*
Tin
0*
Tout
0"
y
c:output:0
l

f1474
x
yB
cPartitionedCallx*
f	R
f1475*
Tin
0*
Tout
0"
y
c:output:0
l

f1475
x
yB
cPartitionedCallx*
f	R
f1476*
Tin
0*
Tout
0"
y
c:output:0
l

f1476
x
yB
cPartitionedCallx*
f	R
f1477*
Tin
0*
Tout
0"
y
c:output:0
l

f1477
x
yB
cPartitionedCallx*
f	R
f1478*
Tin
0*
Tout
0"
y
c:output:0
l

f1478
x
yB
cPartitionedCallx*
f	R
f1479*
Tin
0*
Tout
0"
y
c:output:0
l

f1479
x
yB
cPartitionedCallx*
f	R
f1480*
Tin
0*
Tout
0"
y
c:output:0
l

f1480
x
yB
cPartitionedCallx*
f	R
f1481*
Tin
0*
Tout
0"
y
c:output:0
l

f1481
x
yB
cPartitionedCallx*
f	R
f1482*
Tin
0*
Tout
0"
y
c:output:0
l

f1482
x
yB
cPartitionedCallx*
f	R
f1483*
Tin
0*
Tout
0"
y
c:output:0
l

f1483
x
yB
cPartitionedCallx*
f	R
f1484*
Tin
0*
Tout
0"
y
c:output:0
l

f1484
x
yB
cPartitionedCallx*
f	R
f1485*
Tin
0*
Tout
0"
y
c:output:0
l

f1485
x
yB
cPartitionedCallx*
f	R
f1486*
Tin
0*
Tout
0"
y
c:output:0
l

f1486
x
yB
cPartitionedCallx*
f	R
f1487*
Tin
0*
Tout
0"
y
c:output:0
l

f1487
x
yB
cPartitionedCallx*
f	R
f1488*
Tin
0*
Tout
0"
y
c:output:0
l

f1488
x
yB
cPartitionedCallx*
f	R
f1489*
Tin
0*
Tout
0"
y
c:output:0
l

f1489
x
yB
cPartitionedCallx*
f	R
f1490*
Tin
0*
Tout
0"
y
c:output:0
l

f1490
x
yB
cPartitionedCallx*
f	R
f1491*
Tin
0*
Tout
0"
y
c:output:0
l

f1491
x
yB
cPartitionedCallx*
f	R
f1492*
Tin
0*
Tout
0"
y
c:output:0
l

f1492
x
yB
cPartitionedCallx*
f	R
f1493*
Tin
0*
Tout
0"
y
c:output:0
l

f1493
x
yB
cPartitionedCallx*
f	R
f1494*
Tin
0*
Tout
0"
y
c:output:0
l

f1494
x
yB
cPartitionedCallx*
f	R
f1495*
Tin
0*
Tout
0"
y
c:output:0
l

f1495
x
yB
cPartitionedCallx*
f	R
f1496*
Tin
0*
Tout
0"
y
c:output:0
l

f1496
x
yB
cPartitionedCallx*
f	R
f1497*
Tin
0*
Tout
0"
y
c:output:0
l

f1497
x
yB
cPartitionedCallx*
f	R
f1498*
Tin
0*
Tout
0"
y
c:output:0
l

f1498
x
yB
cPartitionedCallx*
f	R
f1499*
Tin
0*
Tout
0"
y
c:output:0
l

f1499
x
yB
cPartitionedCallx*
f	R
f1500*
Tin
0*
Tout
0"
y
c:output:0
D

f1500
x
y
rRelux*
T0"
yr:activations:0"¤