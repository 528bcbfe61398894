
.
aPlaceholder*
dtype0*
shape:
.
bPlaceholder*
dtype0*
shape:
#
floordivFloorDivab*
T0
#
FloorModFloorModab*
T0
)
TruncateDivTruncateDivab*
T0

mulMulba*
T0

subSubmula*
T0"ª