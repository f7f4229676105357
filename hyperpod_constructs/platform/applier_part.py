"""The applier part: how ``cdk deploy`` applies the platform's manifests (one bundle, one custom resource, made once
the app is complete) and sizes HyperPod's tiered-storage daemon; with GitOps, the applier that hands the objects
over."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from aws_cdk import RemovalPolicy
from constructs import Construct

from ..aws.kubectl_handler import KubectlHandler
from ..delivery.applier import ManifestApplier, ManifestDelivery
from ..aws.synth_time import at_synth
from ..aws.tiered_kv_cache import TieredKvCacheConfiguration
from ..resolve.tiered_kv_cache import DAEMON_CONFIG_MAP, DAEMON_NAME, DAEMON_NAMESPACE, TieredKvCacheDaemon
from ..k8s.tiered_kv_cache import daemon_patch
from .delivery import ManifestFiles


@dataclass(frozen=True)
class ApplierContext:
    """What applying needs: the files, who applies them and what a stack delete does to the objects, the function
    that runs kubectl, what the charts need on the cluster first, and the daemon the endpoints need (known once they
    are added)."""
    files: ManifestFiles
    delivery: ManifestDelivery
    removal: RemovalPolicy
    kubectl_handler: Optional[KubectlHandler]
    hyperpod: Construct  # the HyperPod cluster's resource: its nodes run the daemon
    after: tuple[Construct, ...]  # the HyperPod cluster, the operator add-on, the dependency chart
    tiered_kv_cache: Callable[[], Optional[TieredKvCacheDaemon]]
    adopt_existing: bool = False  # take over objects of the bundle another platform or a person made


class ManifestApplication:
    """The handle: ``applier`` and ``tiered_kv_cache_configuration`` are made at synth under ``scope``
    (``<scope>/Manifests``, ``<scope>/TieredKvCache``); read them after ``app.synth()``."""

    def __init__(self, scope: Construct, context: ApplierContext) -> None:
        self._scope, self._context = scope, context
        self._applier: Optional[ManifestApplier] = None
        self._after: list[Construct] = list(context.after)
        self._daemon_configuration: Optional[TieredKvCacheConfiguration] = None
        if context.delivery is ManifestDelivery.CDK_DEPLOY:
            # Endpoints are added after construction, so the bundle is made once the app is complete.
            at_synth(scope, "ManifestDelivery", self._deliver)
        elif context.kubectl_handler is not None:
            # Same construct path as the applier: switching from CDK_DEPLOY is an update that hands the objects
            # over to GitOps instead of a delete that removes them.
            self._applier = ManifestApplier(scope, "Manifests", handler=context.kubectl_handler, bundle=None,
                                            values={}, **context.files.applier_identity)

    def apply_after(self, prerequisite: Construct) -> None:
        """Apply the charts only once ``prerequisite`` exists too (one added with an endpoint: the CRD of its objects)."""
        self._after.append(prerequisite)

    @property
    def applier(self) -> Optional[ManifestApplier]:
        """The custom resource that applies (or, with GitOps, hands over) the manifests; None before synth with
        ``CDK_DEPLOY`` and without a kubectl function."""
        return self._applier

    @property
    def tiered_kv_cache_configuration(self) -> Optional[TieredKvCacheConfiguration]:
        """The custom resource that sizes the tiered-storage daemon at deploy, made at synth; None otherwise."""
        return self._daemon_configuration

    @property
    def configures_daemon_at_deploy(self) -> bool:
        """``cdk deploy`` sizes HyperPod's tiered-storage daemon (GitOps users run the exported script)."""
        return self._context.delivery is ManifestDelivery.CDK_DEPLOY and self._context.kubectl_handler is not None

    def _deliver(self) -> None:
        """One bundle of every chart, applied by one custom resource after everything the charts need; and the
        tiered-storage daemon's configuration, once the endpoints that need it are known."""
        context, handler = self._context, self._context.kubectl_handler
        daemon = context.tiered_kv_cache()
        if daemon is not None and self.configures_daemon_at_deploy and self._daemon_configuration is None:
            assert handler is not None
            self._daemon_configuration = TieredKvCacheConfiguration(
                self._scope, "TieredKvCache", handler=handler, namespace=DAEMON_NAMESPACE, daemon_set=DAEMON_NAME,
                config_map=DAEMON_CONFIG_MAP, cache_capacity=daemon.cache_capacity, daemon_patch=daemon_patch(daemon),
                after=[context.hyperpod])
        if self._applier is not None or not context.files.chart_names or handler is None:
            return
        self._applier = context.files.apply_with(self._scope, "Manifests", handler, after=list(self._after),
                                                 removal=context.removal, adopt_existing=context.adopt_existing)
