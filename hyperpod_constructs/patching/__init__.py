"""``python -m hyperpod_constructs.patching``: apply an instance group's ``AutoPatch(strategy="DrainFirst")`` after
deploy, where CloudFormation cannot (``AWS::SageMaker::Cluster`` lacks the strategy)."""
