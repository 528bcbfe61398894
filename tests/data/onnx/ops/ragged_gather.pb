
3
splitsPlaceholder*
dtype0*
shape:
7
valuesPlaceholder*
dtype0*
shape
:

2
outerPlaceholder*
dtype0	*
shape:
2
innerPlaceholder*
dtype0	*
shape:
1
flatPlaceholder*
dtype0*
shape:
2
picksPlaceholder*
dtype0*
shape:	
0
twoPlaceholder*
dtype0	*
shape:
¢
RaggedGather/RaggedGatherRaggedGathersplitsvaluespicks*
OUTPUT_RAGGED_RANK*
PARAMS_RAGGED_RANK*
Tindices0*
Tsplits0*
Tvalues0
¦
RaggedGather_1/RaggedGatherRaggedGatherouterinnerflattwo*
OUTPUT_RAGGED_RANK*
PARAMS_RAGGED_RANK*
Tindices0	*
Tsplits0	*
Tvalues0"ª