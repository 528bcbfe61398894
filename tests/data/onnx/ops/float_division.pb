
.
aPlaceholder*
dtype0*
shape:
.
bPlaceholder*
dtype0*
shape:
#
floordivFloorDivab*
T0
#
FloorModFloorModab*
T0
!
truedivRealDivab*
T0

AbsAbsa*
T0

PowPowAbsb*
T0"ª