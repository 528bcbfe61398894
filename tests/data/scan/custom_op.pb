
#
to_zeroPlaceholder*
dtype0
#
zeroedZeroOutto_zero*
T0"µ	