
2
wordsPlaceholder*
dtype0*
shape:
6
ConstConst*
dtype0*
valueBBaBx
:
ListDiffListDiffwordsConst*
T0*
out_idx0

init_all_tablesNoOp"ª