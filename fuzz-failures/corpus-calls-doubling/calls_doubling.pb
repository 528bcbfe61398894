
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
T0˜9
°

f0
x
y?
aPartitionedCallx*
fR
f1*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f1*
Tin
0*
Tout
0"
y
b:output:0
°

f1
x
y?
aPartitionedCallx*
fR
f2*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f2*
Tin
0*
Tout
0"
y
b:output:0
°

f2
x
y?
aPartitionedCallx*
fR
f3*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f3*
Tin
0*
Tout
0"
y
b:output:0
°

f3
x
y?
aPartitionedCallx*
fR
f4*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f4*
Tin
0*
Tout
0"
y
b:output:0
°

f4
x
y?
aPartitionedCallx*
fR
f5*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f5*
Tin
0*
Tout
0"
y
b:output:0
°

f5
x
y?
aPartitionedCallx*
fR
f6*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f6*
Tin
0*
Tout
0"
y
b:output:0
°

f6
x
y?
aPartitionedCallx*
fR
f7*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f7*
Tin
0*
Tout
0"
y
b:output:0
°

f7
x
y?
aPartitionedCallx*
fR
f8*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f8*
Tin
0*
Tout
0"
y
b:output:0
°

f8
x
y?
aPartitionedCallx*
fR
f9*
Tin
0*
Tout
0H
bPartitionedCall
a:output:0*
fR
f9*
Tin
0*
Tout
0"
y
b:output:0
²

f9
x
y@
aPartitionedCallx*
fR
f10*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f10*
Tin
0*
Tout
0"
y
b:output:0
³

f10
x
y@
aPartitionedCallx*
fR
f11*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f11*
Tin
0*
Tout
0"
y
b:output:0
³

f11
x
y@
aPartitionedCallx*
fR
f12*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f12*
Tin
0*
Tout
0"
y
b:output:0
³

f12
x
y@
aPartitionedCallx*
fR
f13*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f13*
Tin
0*
Tout
0"
y
b:output:0
³

f13
x
y@
aPartitionedCallx*
fR
f14*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f14*
Tin
0*
Tout
0"
y
b:output:0
³

f14
x
y@
aPartitionedCallx*
fR
f15*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f15*
Tin
0*
Tout
0"
y
b:output:0
³

f15
x
y@
aPartitionedCallx*
fR
f16*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f16*
Tin
0*
Tout
0"
y
b:output:0
³

f16
x
y@
aPartitionedCallx*
fR
f17*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f17*
Tin
0*
Tout
0"
y
b:output:0
³

f17
x
y@
aPartitionedCallx*
fR
f18*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f18*
Tin
0*
Tout
0"
y
b:output:0
³

f18
x
y@
aPartitionedCallx*
fR
f19*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f19*
Tin
0*
Tout
0"
y
b:output:0
³

f19
x
y@
aPartitionedCallx*
fR
f20*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f20*
Tin
0*
Tout
0"
y
b:output:0
³

f20
x
y@
aPartitionedCallx*
fR
f21*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f21*
Tin
0*
Tout
0"
y
b:output:0
³

f21
x
y@
aPartitionedCallx*
fR
f22*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f22*
Tin
0*
Tout
0"
y
b:output:0
³

f22
x
y@
aPartitionedCallx*
fR
f23*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f23*
Tin
0*
Tout
0"
y
b:output:0
³

f23
x
y@
aPartitionedCallx*
fR
f24*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f24*
Tin
0*
Tout
0"
y
b:output:0
³

f24
x
y@
aPartitionedCallx*
fR
f25*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f25*
Tin
0*
Tout
0"
y
b:output:0
³

f25
x
y@
aPartitionedCallx*
fR
f26*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f26*
Tin
0*
Tout
0"
y
b:output:0
³

f26
x
y@
aPartitionedCallx*
fR
f27*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f27*
Tin
0*
Tout
0"
y
b:output:0
³

f27
x
y@
aPartitionedCallx*
fR
f28*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f28*
Tin
0*
Tout
0"
y
b:output:0
³

f28
x
y@
aPartitionedCallx*
fR
f29*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f29*
Tin
0*
Tout
0"
y
b:output:0
³

f29
x
y@
aPartitionedCallx*
fR
f30*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f30*
Tin
0*
Tout
0"
y
b:output:0
³

f30
x
y@
aPartitionedCallx*
fR
f31*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f31*
Tin
0*
Tout
0"
y
b:output:0
³

f31
x
y@
aPartitionedCallx*
fR
f32*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f32*
Tin
0*
Tout
0"
y
b:output:0
³

f32
x
y@
aPartitionedCallx*
fR
f33*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f33*
Tin
0*
Tout
0"
y
b:output:0
³

f33
x
y@
aPartitionedCallx*
fR
f34*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f34*
Tin
0*
Tout
0"
y
b:output:0
³

f34
x
y@
aPartitionedCallx*
fR
f35*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f35*
Tin
0*
Tout
0"
y
b:output:0
³

f35
x
y@
aPartitionedCallx*
fR
f36*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f36*
Tin
0*
Tout
0"
y
b:output:0
³

f36
x
y@
aPartitionedCallx*
fR
f37*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f37*
Tin
0*
Tout
0"
y
b:output:0
³

f37
x
y@
aPartitionedCallx*
fR
f38*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f38*
Tin
0*
Tout
0"
y
b:output:0
³

f38
x
y@
aPartitionedCallx*
fR
f39*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f39*
Tin
0*
Tout
0"
y
b:output:0
³

f39
x
y@
aPartitionedCallx*
fR
f40*
Tin
0*
Tout
0I
bPartitionedCall
a:output:0*
fR
f40*
Tin
0*
Tout
0"
y
b:output:0
B

f40
x
y
rRelux*
T0"
yr:activations:0"¤