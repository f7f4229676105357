"""Open models the library can size by name: the architecture facts of each, from its ``config.json``.

Data in ``model_catalog.json`` (written by ``scripts/regenerate_model_catalog.py``, which reads each repository's
``config.json`` at a revision and the Hub's ``gated`` flag); read once, no network. A model outside the catalog is
sized from its own ``config.json`` (``model_from_config``).
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Optional, Union

from ..errors import HyperPodValidationError, close_matches, require
from .model_architecture import ModelArchitecture

CATALOG_FILE = Path(__file__).with_name("model_catalog.json")
GIB = 1024 ** 3


@dataclass(frozen=True)
class ModelFacts:
    """One model: its id, where its facts come from, and its architecture."""

    model_id: str
    """The Hugging Face id (``meta-llama/Llama-3.1-8B-Instruct``), or the config file a model outside the catalog
    was read from.
    Required."""
    architecture: ModelArchitecture
    """What its config.json says.
    Required."""
    revision: Optional[str] = None
    """The repository commit the config was read at.
    Default: None (the branch ``main``, not pinned)."""
    gated: Optional[bool] = None
    """Whether the Hub asks users to accept terms first (a token is then needed).
    Default: None (not known)."""
    size_on_disk_bytes: Optional[int] = None
    """The published safetensors files' total in bytes.
    Default: None (not recorded: the size follows from the architecture)."""

    @property
    def weight_bytes(self) -> int:
        """What the engine loads: the recorded files' size, else the size the config implies."""
        return self.size_on_disk_bytes if self.size_on_disk_bytes is not None else self.architecture.weight_bytes

    @property
    def weights_source(self) -> str:
        """Where ``weight_bytes`` comes from, for messages."""
        return "size of the published files" if self.size_on_disk_bytes is not None else "derived from config.json"

    @property
    def served_name(self) -> str:
        """The name clients ask for: the id's last part, lower case (``llama-3.1-8b-instruct``)."""
        return self.model_id.rstrip("/").rsplit("/", 1)[-1].removesuffix(".json").lower()


def _facts(entry: Mapping[str, Any]) -> ModelFacts:
    where = f"model catalog entry {entry.get('id')!r}"
    gib = entry.get("size_on_disk_gib")  # as recorded by a source that gives GiB to two decimals
    size = entry.get("size_on_disk_bytes", round(gib * GIB) if gib is not None else None)
    return ModelFacts(model_id=entry["id"], architecture=ModelArchitecture.from_config(entry["config"], where),
                      revision=entry.get("revision"), gated=entry.get("gated"), size_on_disk_bytes=size)


@functools.cache
def model_catalog() -> dict[str, ModelFacts]:
    """Model id -> facts, from ``model_catalog.json``."""
    data = json.loads(CATALOG_FILE.read_text())
    return {entry["id"]: _facts(entry) for entry in data["models"]}


def catalog_model(model_id: str) -> Optional[ModelFacts]:
    """The catalog's entry for ``model_id`` (ids are matched ignoring case, as the Hub resolves them), or None."""
    by_folded = {known.lower(): facts for known, facts in model_catalog().items()}
    return by_folded.get(str(model_id).lower())


def unknown_model_hint(model_id: object) -> str:
    close = close_matches(model_id, list(model_catalog()))
    hint = f"did you mean {' or '.join(repr(name) for name in close)}? " if close else ""
    return (f"a model of the catalog ({hint}python -m hyperpod_constructs.size --list names them all) or the path "
            "of a model's config.json")


def model_from_config(path: Union[str, Path]) -> ModelFacts:
    """A model outside the catalog, from its ``config.json`` (or a folder holding one). The weights' size is the
    ``metadata.total_size`` of ``model.safetensors.index.json`` beside it when there is one, else derived."""
    path = Path(path)
    config_file = path / "config.json" if path.is_dir() else path
    where = f"model config {config_file}"
    require(config_file.is_file(), where, "path", str(config_file), "an existing config.json, or a folder holding one")
    try:
        config = json.loads(config_file.read_text())
    except json.JSONDecodeError as error:
        raise HyperPodValidationError(where, "content", f"line {error.lineno}: {error.msg}",
                                      "JSON, as a model repository's config.json") from error
    architecture = ModelArchitecture.from_config(config, where)
    index = config_file.with_name("model.safetensors.index.json")
    size: Optional[int] = None
    if index.is_file():
        total = json.loads(index.read_text()).get("metadata", {}).get("total_size")
        require(isinstance(total, int) and total > 0, f"safetensors index {index}", "metadata.total_size", total,
                "the weights' size in bytes, a positive whole number")
        size = total
    name = config_file.parent.name if config_file.name == "config.json" else config_file.stem
    return ModelFacts(model_id=name or str(config_file), architecture=architecture, size_on_disk_bytes=size)


def find_model(model: Union[str, Path], where: str, field: str = "model") -> ModelFacts:
    """A catalog id, or the path of a ``config.json`` (a folder holding one); raises naming ``field`` otherwise."""
    found = catalog_model(str(model)) if isinstance(model, str) else None
    if found is not None:
        return found
    path = Path(model)
    if isinstance(model, Path) or path.suffix == ".json" or path.is_dir() or path.is_file():
        return model_from_config(path)
    raise HyperPodValidationError(where, field, model, unknown_model_hint(model))
