#!/usr/bin/env bash
# The benchmark in its own virtual environment (TensorFlow, protobuf and bbpb live only there):
#   bash benchmarks/run.sh            # full run, about 1.5 minutes on 2 cores (plus the first install)
#   bash benchmarks/run.sh --quick    # a smoke run
#   bash benchmarks/run.sh --graph    # the graph scan (benchmarks/graph.py), about 5 minutes; --graph --quick
#   bash benchmarks/run.sh --checkpoints   # checkpoints against TensorFlow's reader (benchmarks/checkpoints.py)
#   bash benchmarks/run.sh --scanners # the scan beside modelscan and modelaudit (benchmarks/scanners.py), ~3 minutes
#   bash benchmarks/run.sh --events   # event files and TFRecords beside TensorBoard, tbparse, tf.data (benchmarks/events.py)
#   bash benchmarks/run.sh --onnx     # the ONNX conversion beside tf2onnx (benchmarks/onnx.py), a few minutes
#   bash benchmarks/run.sh --session # TF 2 SavedModels: Session.run, TensorFlow, tf2onnx; conversion time (benchmarks/session.py)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-bench/bin/python ]; then
  python3 -m venv .venv-bench
  .venv-bench/bin/pip install --quiet tensorflow-cpu protobuf bbpb
  .venv-bench/bin/pip install --quiet -e .
fi
# The optional CRC-32C modules that tfcollections uses when installed (benchmarks/checkpoints.py measures with
# each and with neither); added here too for a venv made before they were measured.
.venv-bench/bin/python -c "import crc32c, google_crc32c" 2>/dev/null ||
  .venv-bench/bin/pip install --quiet crc32c google-crc32c
# Keras 2 (tf_keras, of TensorFlow's minor version) for the tools that use this venv as $TFVENV: keras_metadata.pb's
# protos (tools/check_schemas.py, tools/_oracle.py) and the Keras 2 cases of tools/generate_checkpoint_fixtures.py.
.venv-bench/bin/python -c "import tf_keras" 2>/dev/null ||
  .venv-bench/bin/pip install --quiet "tf_keras~=$(.venv-bench/bin/python -c 'import tensorflow as tf; print(tf.__version__.rsplit(".", 1)[0])' 2>/dev/null).0"
# The event-file writers and readers that issue 37's fixtures and benchmarks are compared with: PyTorch's
# SummaryWriter (torch 2.13.0 is the CPU build this machine keeps on disk; a newer one would be a CUDA download),
# tensorboardX, and tbparse over tensorboard's EventAccumulator. TensorBoard itself comes with TensorFlow.
.venv-bench/bin/python -c "import torch, tensorboardX, tbparse" 2>/dev/null ||
  .venv-bench/bin/pip install --quiet "torch==2.13.0" tensorboardX tbparse
# onnx's protos, for tools/check_schemas.py's ONNX rows; onnxruntime and tf2onnx, for benchmarks/onnx.py.
.venv-bench/bin/python -c "import onnx, onnxruntime, tf2onnx" 2>/dev/null ||
  .venv-bench/bin/pip install --quiet onnx onnxruntime "tf2onnx==1.17.0"
if [ "${1:-}" = "--graph" ]; then
  shift
  exec .venv-bench/bin/python -m benchmarks.graph "$@"
fi
if [ "${1:-}" = "--session" ]; then
  shift
  exec .venv-bench/bin/python -m benchmarks.session "$@"
fi
if [ "${1:-}" = "--scanners" ]; then
  # The peers in virtual environments of their own: modelscan imports TensorFlow for SavedModels; modelaudit
  # brings its own protos (and must not see a TensorFlow it would rather import).
  if [ ! -x .venv-peers/bin/modelscan ]; then
    python3 -m venv .venv-peers
    .venv-peers/bin/pip install --quiet "modelscan==0.8.8" "tensorflow-cpu==2.21.0"
  fi
  if [ ! -x .venv-audit/bin/modelaudit ]; then
    python3 -m venv .venv-audit
    .venv-audit/bin/pip install --quiet "modelaudit==0.2.54"
  fi
  exec .venv-bench/bin/python -m benchmarks.scanners --modelscan .venv-peers/bin/python \
    --modelaudit .venv-audit/bin/python
fi
if [ "${1:-}" = "--events" ]; then
  shift
  exec .venv-bench/bin/python -m benchmarks.events "$@"
fi
if [ "${1:-}" = "--onnx" ]; then
  shift
  exec .venv-bench/bin/python -m benchmarks.onnx "$@"
fi
if [ "${1:-}" = "--checkpoints" ]; then
  shift
  exec .venv-bench/bin/python -m benchmarks.checkpoints "$@"
fi
exec .venv-bench/bin/python -m benchmarks.bench "$@"
