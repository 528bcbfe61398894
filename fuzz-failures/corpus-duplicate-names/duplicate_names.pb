
2
xPlaceholder*
dtype0*
shape
:

yRelux*
T0

yRelux*
T0"¤