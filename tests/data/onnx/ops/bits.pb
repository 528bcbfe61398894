
.
aPlaceholder*
dtype0*
shape:
.
bPlaceholder*
dtype0*
shape:
.
sPlaceholder*
dtype0*
shape:
.
uPlaceholder*
dtype0*
shape:
.
vPlaceholder*
dtype0*
shape:
'

BitwiseAnd
BitwiseAndab*
T0
%
	BitwiseOr	BitwiseOrab*
T0
'

BitwiseXor
BitwiseXoruv*
T0

InvertInverta*
T0

Invert_1Invertu*
T0
%
	LeftShift	LeftShiftas*
T0
'

RightShift
RightShiftas*
T0
'
LeftShift_1	LeftShiftuv*
T0
)
RightShift_1
RightShiftuv*
T0"ª