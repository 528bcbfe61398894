
:
xPlaceholder*
dtype0*
shape:
Q
SpaceToDepthSpaceToDepthx*
T0*

block_size*
data_formatNHWC
Q
DepthToSpaceDepthToSpacex*
T0*

block_size*
data_formatNHWC"ª