"""CDK warnings with one id per rule, on the construct the advice is about."""
from __future__ import annotations

from typing import Sequence, Union

from aws_cdk import Annotations
from constructs import Construct

from ..errors import ADVICE_ID_PREFIX, Advice


def advise(construct: Construct, warnings: Sequence[Union[str, Advice]], area: str) -> None:
    """CDK warnings on ``construct`` (the one they are about), each with its rule's own id so acknowledging one rule
    leaves the others; a plain string gets ``Annotation::hyperpod-constructs:<area>``."""
    for warning in warnings:
        warning_id = warning.warning_id if isinstance(warning, Advice) else ADVICE_ID_PREFIX + area
        Annotations.of(construct).add_warning_v2(warning_id, warning)
