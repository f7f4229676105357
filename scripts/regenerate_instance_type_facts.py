#!/usr/bin/env python3
"""Regenerate tests/data/instance_types/cluster-instance-types.json: the HyperPod instance types the SageMaker API and
CloudFormation accept, as the installed botocore and cfn-lint carry them.

The API's ``ClusterInstanceType`` enum comes from botocore's SageMaker service model; CloudFormation's comes from
cfn-lint's ``aws_sagemaker_cluster/instancetype_enum.json`` extension (one enum per Region; the union is kept). Only
the names are kept. The catalog test (tests/foundation/test_catalog.py) checks every catalog type against both.

Usage: python scripts/regenerate_instance_type_facts.py   (with the project's virtualenv active)
"""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import botocore
import botocore.session
import cfnlint.version

TARGET = Path(__file__).resolve().parents[1] / "tests" / "data" / "instance_types" / "cluster-instance-types.json"
CFN_EXTENSION = "data/schemas/extensions/aws_sagemaker_cluster/instancetype_enum.json"


def main() -> None:
    model = botocore.session.get_session().get_service_model("sagemaker")
    api = sorted(model.shape_for("ClusterInstanceType").enum)
    by_region = json.loads((resources.files("cfnlint") / CFN_EXTENSION).read_text())
    cloudformation = sorted({name for region in by_region.values() if isinstance(region, dict)
                             for name in region["enum"]})
    facts = {"api": {"source": f"botocore {botocore.__version__} sagemaker ClusterInstanceType", "enum": api},
             "cloudformation": {"source": f"cfn-lint {cfnlint.version.__version__} {CFN_EXTENSION} (union of Regions)",
                                "enum": cloudformation}}
    TARGET.write_text(json.dumps(facts, indent=1) + "\n")
    print(f"wrote {TARGET} ({len(api)} API types, {len(cloudformation)} CloudFormation types)")


if __name__ == "__main__":
    main()
