"""A picture of the plan: groups, nodes, GPUs and MIG slices at the floor and at the ceiling, and which endpoint
uses which slice, drawn with matplotlib (``pip install 'hyperpod-constructs[picture]'``).

Placement is illustrative: replicas are put first-fit in the order endpoints were added (the Kubernetes
scheduler decides the real one), so the picture shows how the slices are shared and what does not fit.
Every drawn element carries an SVG id (``node:...``, ``gpu:...``, ``slice:...``) naming what it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from ..intent.instance_group import InstanceGroup

if TYPE_CHECKING:
    from .plan import Plan

MISSING_MATPLOTLIB = ("drawing the plan needs matplotlib: pip install 'hyperpod-constructs[picture]' "
                      "(or pip install matplotlib), or pass picture=False to export()")
MAX_NODES_DRAWN = 6  # per group and panel; the rest are counted in a note
_GPU, _GAP, _COLUMNS = 1.0, 0.15, 4
# A bold 10 pt character is at most about 0.09 in wide; at 0.42 in per unit that is 0.22 units.
_TITLE_UNITS_PER_CHARACTER = 0.22
_FREE = "#eeeeee"


@dataclass
class Slice:
    profile: Optional[str]  # None: a whole GPU (MIG off)
    width: float  # share of the GPU, by compute slices
    endpoint: Optional[str] = None


@dataclass
class Gpu:
    slices: list[Slice]

    @property
    def whole(self) -> bool:
        return len(self.slices) == 1 and self.slices[0].profile is None


@dataclass
class Node:
    group: InstanceGroup
    gpus: list[Gpu]

    @property
    def empty(self) -> bool:
        return all(piece.endpoint is None for gpu in self.gpus for piece in gpu.slices)


@dataclass
class Panel:
    title: str
    nodes: dict[str, list[Node]]  # group name -> nodes
    unplaced: dict[str, int] = field(default_factory=dict)  # endpoint -> replicas that found no room


def _gpu_layout(group: InstanceGroup, index: int) -> Gpu:
    layout = group.mig_layout
    if layout is not None:
        for device_group in layout.groups:
            if device_group.devices == "all" or index in device_group.devices:
                if not device_group.mig_enabled:
                    break
                slices = []
                for profile, count in device_group.mig_devices:
                    compute = int(profile.split("g.")[0])
                    slices += [Slice(profile, compute / 7) for _ in range(count)]
                return Gpu(slices)
    return Gpu([Slice(None, 1.0)])


def _nodes(group: InstanceGroup, count: int) -> list[Node]:
    return [Node(group, [_gpu_layout(group, index) for index in range(group.info.gpu_count)]) for _ in range(count)]


def place(plan: Plan, at: str) -> Panel:
    """Nodes at ``"floor"`` or ``"ceiling"`` with each endpoint's min or max replicas placed first-fit."""
    nodes = {group.name: _nodes(group, plan.floor(group) if at == "floor" else plan.ceiling(group))
             for group in plan.groups}
    panel = Panel("Floor (idle)" if at == "floor" else "Ceiling (full scale)", nodes)
    for endpoint in plan.endpoints:
        candidates = [node for group in plan.groups if group.instance_type == endpoint.instance_type
                      for node in nodes[group.name]]
        replicas = endpoint.min_replicas if at == "floor" else endpoint.max_replicas
        # A JumpStart replica whose GPUs its model's configuration decides counts as one GPU, as the plan's text,
        # its node counts and the cost count it (``GpuDemand.of``): one count of GPUs everywhere.
        gpus = 1 if endpoint.gpus is None and not endpoint.partition else endpoint.gpus
        for _ in range(replicas):
            if not _place_one(candidates, endpoint.name, endpoint.partition, gpus):
                panel.unplaced[endpoint.name] = panel.unplaced.get(endpoint.name, 0) + 1
    return panel


def _place_one(nodes: list[Node], name: str, partition: Optional[str], gpus: int) -> bool:
    if partition:
        for node in nodes:
            for gpu in node.gpus:
                for piece in gpu.slices:
                    if piece.profile == partition and piece.endpoint is None:
                        piece.endpoint = name
                        return True
        return False
    if not gpus:
        return True  # CPU only: nothing to draw on a GPU
    for node in nodes:
        free = [gpu for gpu in node.gpus if gpu.whole and gpu.slices[0].endpoint is None]
        if len(free) >= gpus:
            for gpu in free[:gpus]:
                gpu.slices[0].endpoint = name
            return True
    return False


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _node_size(gpus: int) -> tuple[float, float]:
    columns = min(_COLUMNS, max(gpus, 1))
    rows = max(1, -(-gpus // _COLUMNS))
    return columns * (_GPU + _GAP) + _GAP, rows * (_GPU + _GAP) + _GAP + 0.35


def draw_plan(plan: Plan, path: Union[str, Path]) -> Path:
    """Write the picture (SVG, or PNG for a ``.png`` path) and return its path."""
    figure = plan_figure(plan)
    import matplotlib

    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    # Same input, same bytes: fixed ids and no timestamp, so the picture can be committed and diffed.
    with matplotlib.rc_context({"svg.hashsalt": "hyperpod-constructs", "svg.fonttype": "none"}):
        figure.savefig(out, format="png" if out.suffix == ".png" else "svg",
                       metadata={"Date": None} if out.suffix != ".png" else None)
    return out


def plan_figure(plan: Plan) -> Any:
    """The picture as a matplotlib ``Figure``: two panels (floor, ceiling), a legend of the endpoints."""
    try:
        import matplotlib
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch, Rectangle
    except ImportError:
        raise ImportError(MISSING_MATPLOTLIB) from None
    panels = [place(plan, "floor"), place(plan, "ceiling")]
    cost = plan.cost()
    for panel, at in zip(panels, ("floor", "ceiling")):
        nodes = sum(len(nodes) for nodes in panel.nodes.values())
        gpus = sum(len(node.gpus) for nodes in panel.nodes.values() for node in nodes)
        panel.title += f": {_count(nodes, 'node')}, {_count(gpus, 'GPU')}"
        if cost is not None:
            monthly = cost.floor_monthly if at == "floor" else cost.ceiling_monthly
            panel.title += f", ${monthly:,.2f}/month" + (" (excluding unpriced)" if cost.unpriced else "")
    names = [endpoint.name for endpoint in plan.endpoints]
    labels = {endpoint.name: endpoint.name + (" (1+ GPU a replica)" if endpoint.gpus is None and not endpoint.partition
                                              else "") for endpoint in plan.endpoints}
    palette = matplotlib.colormaps["tab10"].colors
    colours = {name: palette[index % len(palette)] for index, name in enumerate(names)}

    heights, widths = [], []
    for panel in panels:
        height, width = 0.8, 0.0
        for group in plan.groups:
            node_w, node_h = _node_size(group.info.gpu_count)
            shown = max(1, min(len(panel.nodes[group.name]), MAX_NODES_DRAWN))
            height += node_h + 0.9
            width = max(width, 3.2 + shown * (node_w + 0.3) + 1.6)
        heights.append(height + 0.4 * len(panel.unplaced))
        widths.append(width)
    # Wide enough for the longest panel title (a priced one is long), which matplotlib would clip at the edge.
    width = max(widths + [8.0] + [len(panel.title) * _TITLE_UNITS_PER_CHARACTER + 1.0 for panel in panels])
    scale = 0.42  # inches per unit
    figure = Figure(figsize=(width * scale, (sum(heights) + 1.2) * scale))
    axes = figure.subplots(2, 1, gridspec_kw={"height_ratios": heights})
    for ax, panel, height in zip(axes, panels, heights):
        ax.set_xlim(0, width)
        ax.set_ylim(height, 0)
        ax.set_axis_off()
        ax.set_title(panel.title, loc="left", fontsize=10, fontweight="bold")
        tag = "floor" if panel is panels[0] else "ceiling"
        ax.set_gid(f"panel:{tag}")
        y = 0.6
        for group in plan.groups:
            nodes = panel.nodes[group.name]
            node_w, node_h = _node_size(group.info.gpu_count)
            ax.text(0.1, y + 0.4, f"{group.name}\n{group.instance_type}\n{_count(len(nodes), 'node')}", fontsize=7, va="top",
                    gid=f"group:{tag}:{group.name}")
            if not nodes:
                ax.text(3.2, y + 0.5, "no nodes", fontsize=7, color="grey", va="center")
            for index, node in enumerate(nodes[:MAX_NODES_DRAWN]):
                x0 = 3.2 + index * (node_w + 0.3)
                ax.add_patch(Rectangle((x0, y), node_w, node_h, facecolor="white", edgecolor="#555555",
                                       linewidth=0.8, gid=f"node:{tag}:{group.name}:{index}"))
                ax.text(x0 + 0.1, y + 0.28, f"node {index + 1}", fontsize=6)
                if not node.gpus:
                    ax.text(x0 + node_w / 2, y + node_h / 2 + 0.15, "CPU only", fontsize=6, ha="center", color="grey")
                for number, gpu in enumerate(node.gpus):
                    gx = x0 + _GAP + (number % _COLUMNS) * (_GPU + _GAP)
                    gy = y + 0.35 + _GAP + (number // _COLUMNS) * (_GPU + _GAP)
                    ax.add_patch(Rectangle((gx, gy), _GPU, _GPU, facecolor="none", edgecolor="black", linewidth=0.8,
                                           gid=f"gpu:{tag}:{group.name}:{index}:{number}"))
                    sx = gx
                    for k, piece in enumerate(gpu.slices):
                        colour = colours[piece.endpoint] if piece.endpoint else _FREE
                        label = piece.profile or "gpu"
                        ax.add_patch(Rectangle((sx, gy), piece.width * _GPU, _GPU, facecolor=colour,
                                               edgecolor="white", linewidth=0.5,
                                               gid=f"slice:{tag}:{group.name}:{index}:{number}:{k}:{label}:"
                                                   f"{piece.endpoint or 'free'}"))
                        sx += piece.width * _GPU
            hidden = len(nodes) - MAX_NODES_DRAWN
            if hidden > 0:
                ax.text(3.2 + MAX_NODES_DRAWN * (node_w + 0.3), y + node_h / 2, f"+{hidden} more nodes",
                        fontsize=7, va="center")
            y += node_h + 0.9
        for name, count in panel.unplaced.items():
            ax.text(0.1, y, f"{name}: {count} replicas find no free slot", fontsize=7, color="firebrick",
                    gid=f"unplaced:{tag}:{name}")
            y += 0.4
    handles = [Patch(facecolor=colours[name], label=labels[name]) for name in names]
    handles.append(Patch(facecolor=_FREE, edgecolor="#999999", label="free"))
    figure.legend(handles=handles, loc="upper right", fontsize=7, frameon=False)
    figure.suptitle("Instance groups, nodes, GPUs and MIG slices (placement illustrative)", fontsize=9, x=0.02,
                    ha="left")
    return figure

