"""``python -m hyperpod_constructs.preflight``: before ``cdk deploy``, what the account lacks for an app (quotas,
the CDK bootstrap stack, model buckets, IAM Identity Center, an existing cluster's prerequisites)."""
