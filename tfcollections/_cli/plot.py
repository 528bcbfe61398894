# SPDX-License-Identifier: Apache-2.0
"""Scalar curves drawn as an SVG picture (or an HTML page holding it), by the library: no plotting package.

Strategy: one chart per scalar tag, in a grid of two columns, each run a line of its (step, value) points in a
colour of its own, as TensorBoard's scalars dashboard draws them: the curve smoothed as its slider smooths (an
exponential moving average, debiased at the start; a non-finite value passed over and left a gap), the raw curve
faint beneath. Axes get round ticks (1, 2 or 5 times a power of ten) and a frame; the legend names the runs. A
run of more points than the chart has pixels across is thinned to the least and greatest value of each pixel's
column, so a log of a million events draws as fast as a small one and looks the same. Every name written into the
picture is escaped, and every number written has a fixed precision, so the same log gives the same bytes.
"""

from __future__ import annotations

import math

from .cells import natural_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Dict, Final, List, Sequence, Tuple

    Points = Tuple[List[float], List[float]]  # steps, values

# TensorBoard's run colours (its default palette), then gray for the eleventh run on.
_COLOURS: Final = ("#ff7043", "#0077bb", "#cc3311", "#33bbee", "#ee3377", "#009988", "#bbbbbb", "#ffc107",
                   "#6a1b9a", "#2e7d32")  # fmt: skip
_CHART_WIDTH, _CHART_HEIGHT = 460, 280
_MARGIN_LEFT, _MARGIN_RIGHT, _MARGIN_TOP, _MARGIN_BOTTOM = 64, 16, 34, 40
_COLUMNS = 2
_LEGEND_LINE = 18


def smoothed(values: Sequence[float], weight: float) -> List[float]:
    """TensorBoard's smoothing of a curve (its scalars dashboard): ``last = last * weight + (1 - weight) * value``,
    divided by ``1 - weight ** n`` (the n-th finite value) so that the start is not pulled toward 0; a non-finite
    value is kept as it is and left out of the average; a constant curve is left as it is."""
    finite = [value for value in values if math.isfinite(value)]
    if not finite or weight <= 0 or all(value == finite[0] for value in finite):
        return list(values)
    out, last, count = [], 0.0, 0
    for value in values:
        if not math.isfinite(value):
            out.append(value)
            continue
        last = last * weight + (1 - weight) * value
        count += 1
        out.append(last / (1 - weight**count) if weight < 1 else last)
    return out


def ticks(low: float, high: float, wanted: int = 5, whole: bool = False) -> List[float]:
    """Round values from *low* to *high* (both included when round): steps of 1, 2 or 5 times a power of ten, of
    1 at least when *whole* (a training step has no half)."""
    if not (math.isfinite(low) and math.isfinite(high)) or high <= low:
        return [low] if math.isfinite(low) else []
    raw = (high - low) / max(wanted - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(factor * power for factor in (1, 2, 5, 10) if factor * power >= raw)
    step = max(step, 1) if whole else step
    first = math.ceil(low / step - 1e-9)
    out = []
    index = first
    while index * step <= high + step * 1e-9:
        out.append(round(index * step, 12))
        index += 1
    return out


def _number(value: float) -> str:
    """A tick's label: short, and the same for the same value."""
    if value == 0:
        return "0"
    if abs(value) >= 1e5 or abs(value) < 1e-3:
        return f"{value:.1e}"
    return f"{value:.6g}"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _thinned(steps: List[float], values: List[float], low: float, high: float, columns: int) -> Points:
    """At most the least and greatest value of each of *columns* columns of steps, in step order."""
    if len(steps) <= 2 * columns or high <= low:
        return steps, values
    kept: Dict[int, List[int]] = {}
    for index, step in enumerate(steps):
        if not math.isfinite(values[index]):
            kept.setdefault(-1 - index, [index])  # a gap stays a gap
            continue
        column = min(int((step - low) / (high - low) * columns), columns - 1)
        chosen = kept.setdefault(column, [index, index])
        if values[index] < values[chosen[0]]:
            chosen[0] = index
        if values[index] > values[chosen[1]]:
            chosen[1] = index
    order = sorted({index for chosen in kept.values() for index in chosen})
    return [steps[index] for index in order], [values[index] for index in order]


class _Box:
    """A chart's plotting area and its ranges: steps and values to pixels."""

    def __init__(self, left: float, top: float, x_range: Tuple[float, float], y_range: Tuple[float, float]) -> None:
        self.left, self.top = left + _MARGIN_LEFT, top + _MARGIN_TOP
        self.width = _CHART_WIDTH - _MARGIN_LEFT - _MARGIN_RIGHT
        self.height = _CHART_HEIGHT - _MARGIN_TOP - _MARGIN_BOTTOM
        self.x_low, self.x_high = x_range
        self.y_low, self.y_high = y_range

    def x(self, step: float) -> float:
        span = self.x_high - self.x_low
        return self.left + (self.width * (step - self.x_low) / span if span > 0 else self.width / 2)

    def y(self, value: float) -> float:
        span = self.y_high - self.y_low
        return self.top + self.height - (self.height * (value - self.y_low) / span if span > 0 else self.height / 2)

    def polylines(self, steps: List[float], values: List[float]) -> List[str]:
        """The *points* attributes of the runs of finite values (a non-finite value breaks the line)."""
        lines: List[str] = []
        current: List[str] = []
        for step, value in zip(steps, values):
            if math.isfinite(value):
                current.append(f"{self.x(step):.1f},{self.y(value):.1f}")
            elif current:
                lines.append(" ".join(current))
                current = []
        if current:
            lines.append(" ".join(current))
        return lines


def _range(numbers: List[float]) -> Tuple[float, float]:
    finite = [number for number in numbers if math.isfinite(number)]
    if not finite:
        return 0.0, 1.0
    low, high = min(finite), max(finite)
    if low == high:  # a flat curve: a band around it
        pad = abs(low) * 0.1 or 1.0
        return low - pad, high + pad
    pad = (high - low) * 0.05
    return low - pad, high + pad


def _chart(tag: str, runs: Dict[str, Points], colours: Dict[str, str], weight: float, left: float,
           top: float) -> List[str]:  # fmt: skip
    """The SVG elements of one tag's chart at (*left*, *top*)."""
    smooth = {run: smoothed(values, weight) for run, (_, values) in runs.items()}
    all_steps = [step for steps, _ in runs.values() for step in steps]
    x_range = (min(all_steps), max(all_steps)) if all_steps else (0.0, 1.0)
    y_range = _range([value for _, values in runs.values() for value in values])
    box = _Box(left, top, x_range, y_range)
    frame = f'x="{box.left:.1f}" y="{box.top:.1f}" width="{box.width}" height="{box.height}"'
    out = [f'<g class="chart"><title>{_escape(tag)}</title>',
           f'<text x="{left + _MARGIN_LEFT:.1f}" y="{top + 20:.1f}" class="tag">{_escape(tag)}</text>',
           f'<rect {frame} class="frame"/>']  # fmt: skip
    for value in ticks(*y_range):
        if y_range[0] <= value <= y_range[1]:
            y = box.y(value)
            out.append(f'<line x1="{box.left:.1f}" y1="{y:.1f}" x2="{box.left + box.width:.1f}" y2="{y:.1f}" '
                       'class="grid"/>')  # fmt: skip
            out.append(f'<text x="{box.left - 6:.1f}" y="{y + 4:.1f}" class="y">{_number(value)}</text>')
    for step in ticks(*x_range, whole=True):
        if x_range[0] <= step <= x_range[1]:
            x = box.x(step)
            out.append(f'<text x="{x:.1f}" y="{box.top + box.height + 16:.1f}" class="x">{_number(step)}</text>')
    out.append(f'<text x="{box.left + box.width:.1f}" y="{box.top + box.height + 32:.1f}" class="x axis">step</text>')
    for run, (steps, values) in runs.items():
        colour = colours[run]
        raw_steps, raw_values = _thinned(steps, values, *x_range, int(box.width))
        smooth_steps, smooth_values = _thinned(steps, smooth[run], *x_range, int(box.width))
        if weight > 0:
            for points in box.polylines(raw_steps, raw_values):
                out.append(f'<polyline points="{points}" stroke="{colour}" class="raw"/>')
        for points in box.polylines(smooth_steps, smooth_values):
            if " " not in points:  # one point between gaps (or all there is): a dot, as a line of one is nothing
                cx, cy = points.split(",")
                out.append(f'<circle cx="{cx}" cy="{cy}" r="3" fill="{colour}"><title>{_escape(run)}</title></circle>')
                continue
            out.append(f'<polyline points="{points}" stroke="{colour}" class="line"><title>{_escape(run)}</title>'
                       "</polyline>")  # fmt: skip
    out.append("</g>")
    return out


def svg(curves: Dict[str, Dict[str, Points]], weight: float, title: str) -> str:
    """The SVG picture of *curves* (``{tag: {run: (steps, values)}}``): a chart per tag, in tag order as given, each
    run's line smoothed by *weight* (0: none; TensorBoard's default 0.6) over its raw curve."""
    runs = sorted({run for by_run in curves.values() for run in by_run})
    colours = {run: _COLOURS[index] if index < len(_COLOURS) else "#888888" for index, run in enumerate(runs)}
    rows = max(1, math.ceil(len(curves) / _COLUMNS))
    legend = len(runs) * _LEGEND_LINE + 12
    width, height = _COLUMNS * _CHART_WIDTH, 40 + legend + rows * _CHART_HEIGHT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           "<style>.tag{font-size:13px;font-weight:bold}.frame{fill:none;stroke:#999}.grid{stroke:#e5e5e5}"
           ".y{text-anchor:end;fill:#555}.x{text-anchor:middle;fill:#555}.axis{text-anchor:end}"
           ".raw{fill:none;stroke-width:1;stroke-opacity:0.25}.line{fill:none;stroke-width:1.6}</style>",
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="16" y="24" font-size="15" font-weight="bold">{_escape(title)}</text>']  # fmt: skip
    for index, run in enumerate(runs):
        y = 44 + index * _LEGEND_LINE
        out.append(f'<line x1="16" y1="{y}" x2="36" y2="{y}" stroke="{colours[run]}" stroke-width="3"/>'
                   f'<text x="42" y="{y + 4}">{_escape(run)}</text>')  # fmt: skip
    if not curves:
        out.append(f'<text x="16" y="{44 + legend}">no scalars</text>')
    for index, (tag, by_run) in enumerate(curves.items()):
        left = (index % _COLUMNS) * _CHART_WIDTH
        top = 40 + legend + (index // _COLUMNS) * _CHART_HEIGHT
        out += _chart(tag, {run: by_run[run] for run in runs if run in by_run}, colours, weight, left, top)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def html(picture: str, title: str) -> str:
    """An HTML page holding the SVG *picture*, for a browser."""
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{_escape(title)}</title>\n'
            f"</head>\n<body>\n{picture}</body>\n</html>\n")  # fmt: skip


def curves_in_order(curves: Dict[str, Dict[str, Points]]) -> Dict[str, Dict[str, Points]]:
    """*curves* with its tags in the order a person reads them (their numbers as numbers), as the listing's."""
    return {tag: curves[tag] for tag in sorted(curves, key=natural_key)}
