from __future__ import annotations

from pkgutil import extend_path
__path__ = extend_path(__path__, __name__)

import abc
import builtins
import datetime
import enum
import typing

import jsii
import publication
import typing_extensions

from jsii._type_checking import cached_type_hints, check_type


from ._jsii import *

class _LazyImport:
    def __init__(self, module_name: str) -> None:
        self._module_name = module_name
        self._module: typing.Any = None
    def __getattr__(self, name: str) -> typing.Any:
        if self._module is None:
            import importlib
            self._module = importlib.import_module(self._module_name)
        return getattr(self._module, name)

if typing.TYPE_CHECKING:

    import cdk8s as _cdk8s_d3d9af27
    import constructs as _constructs_77d1e7e8
else:

    _cdk8s_d3d9af27 = _LazyImport("cdk8s")
    _constructs_77d1e7e8 = _LazyImport("constructs")


class JumpStartModel(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModel",
):
    '''
    :schema: JumpStartModel
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["JumpStartModelSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "JumpStartModel" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: 
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d240d47a406b06042364471128743468ef84a1dbaa608b6f82ff69045564e68c)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = JumpStartModelProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["JumpStartModelSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "JumpStartModel".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: 
        '''
        props = JumpStartModelProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "JumpStartModel".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class JumpStartModelProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["JumpStartModelSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param metadata: 
        :param spec: 

        :schema: JumpStartModel
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = JumpStartModelSpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__97fcfc5d43dce9f22151ff4fb3d78fadad0e381719231651fa27889a4da8ba54)
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if metadata is not None:
            self._values["metadata"] = metadata
        if spec is not None:
            self._values["spec"] = spec

    @builtins.property
    def metadata(self) -> typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"]:
        '''
        :schema: JumpStartModel#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["JumpStartModelSpec"]:
        '''
        :schema: JumpStartModel#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["JumpStartModelSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpec",
    jsii_struct_bases=[],
    name_mapping={
        "model": "model",
        "server": "server",
        "auto_scaling_spec": "autoScalingSpec",
        "data_capture": "dataCapture",
        "dns_config": "dnsConfig",
        "environment_variables": "environmentVariables",
        "intelligent_routing_spec": "intelligentRoutingSpec",
        "kv_cache_spec": "kvCacheSpec",
        "load_balancer": "loadBalancer",
        "max_deploy_time_in_seconds": "maxDeployTimeInSeconds",
        "metrics": "metrics",
        "model_cache_config": "modelCacheConfig",
        "replicas": "replicas",
        "sage_maker_endpoint": "sageMakerEndpoint",
        "tls_config": "tlsConfig",
    },
)
class JumpStartModelSpec:
    def __init__(
        self,
        *,
        model: typing.Union["JumpStartModelSpecModel", typing.Dict[builtins.str, typing.Any]],
        server: typing.Union["JumpStartModelSpecServer", typing.Dict[builtins.str, typing.Any]],
        auto_scaling_spec: typing.Optional[typing.Union["JumpStartModelSpecAutoScalingSpec", typing.Dict[builtins.str, typing.Any]]] = None,
        data_capture: typing.Optional[typing.Union["JumpStartModelSpecDataCapture", typing.Dict[builtins.str, typing.Any]]] = None,
        dns_config: typing.Optional[typing.Union["JumpStartModelSpecDnsConfig", typing.Dict[builtins.str, typing.Any]]] = None,
        environment_variables: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecEnvironmentVariables", typing.Dict[builtins.str, typing.Any]]]] = None,
        intelligent_routing_spec: typing.Optional[typing.Union["JumpStartModelSpecIntelligentRoutingSpec", typing.Dict[builtins.str, typing.Any]]] = None,
        kv_cache_spec: typing.Optional[typing.Union["JumpStartModelSpecKvCacheSpec", typing.Dict[builtins.str, typing.Any]]] = None,
        load_balancer: typing.Optional[typing.Union["JumpStartModelSpecLoadBalancer", typing.Dict[builtins.str, typing.Any]]] = None,
        max_deploy_time_in_seconds: typing.Optional[jsii.Number] = None,
        metrics: typing.Optional[typing.Union["JumpStartModelSpecMetrics", typing.Dict[builtins.str, typing.Any]]] = None,
        model_cache_config: typing.Optional[typing.Union["JumpStartModelSpecModelCacheConfig", typing.Dict[builtins.str, typing.Any]]] = None,
        replicas: typing.Optional[jsii.Number] = None,
        sage_maker_endpoint: typing.Optional[typing.Union["JumpStartModelSpecSageMakerEndpoint", typing.Dict[builtins.str, typing.Any]]] = None,
        tls_config: typing.Optional[typing.Union["JumpStartModelSpecTlsConfig", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param model: 
        :param server: 
        :param auto_scaling_spec: 
        :param data_capture: 
        :param dns_config: 
        :param environment_variables: 
        :param intelligent_routing_spec: 
        :param kv_cache_spec: 
        :param load_balancer: 
        :param max_deploy_time_in_seconds: 
        :param metrics: 
        :param model_cache_config: 
        :param replicas: 
        :param sage_maker_endpoint: 
        :param tls_config: 

        :schema: JumpStartModelSpec
        '''
        if isinstance(model, dict):
            model = JumpStartModelSpecModel(**model)
        if isinstance(server, dict):
            server = JumpStartModelSpecServer(**server)
        if isinstance(auto_scaling_spec, dict):
            auto_scaling_spec = JumpStartModelSpecAutoScalingSpec(**auto_scaling_spec)
        if isinstance(data_capture, dict):
            data_capture = JumpStartModelSpecDataCapture(**data_capture)
        if isinstance(dns_config, dict):
            dns_config = JumpStartModelSpecDnsConfig(**dns_config)
        if isinstance(intelligent_routing_spec, dict):
            intelligent_routing_spec = JumpStartModelSpecIntelligentRoutingSpec(**intelligent_routing_spec)
        if isinstance(kv_cache_spec, dict):
            kv_cache_spec = JumpStartModelSpecKvCacheSpec(**kv_cache_spec)
        if isinstance(load_balancer, dict):
            load_balancer = JumpStartModelSpecLoadBalancer(**load_balancer)
        if isinstance(metrics, dict):
            metrics = JumpStartModelSpecMetrics(**metrics)
        if isinstance(model_cache_config, dict):
            model_cache_config = JumpStartModelSpecModelCacheConfig(**model_cache_config)
        if isinstance(sage_maker_endpoint, dict):
            sage_maker_endpoint = JumpStartModelSpecSageMakerEndpoint(**sage_maker_endpoint)
        if isinstance(tls_config, dict):
            tls_config = JumpStartModelSpecTlsConfig(**tls_config)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ff941c1a0d57d026fb35dfbcb42e9b4ed48493344184ae93fc6a1863a610b778)
            check_type(argname="argument model", value=model, expected_type=type_hints["model"])
            check_type(argname="argument server", value=server, expected_type=type_hints["server"])
            check_type(argname="argument auto_scaling_spec", value=auto_scaling_spec, expected_type=type_hints["auto_scaling_spec"])
            check_type(argname="argument data_capture", value=data_capture, expected_type=type_hints["data_capture"])
            check_type(argname="argument dns_config", value=dns_config, expected_type=type_hints["dns_config"])
            check_type(argname="argument environment_variables", value=environment_variables, expected_type=type_hints["environment_variables"])
            check_type(argname="argument intelligent_routing_spec", value=intelligent_routing_spec, expected_type=type_hints["intelligent_routing_spec"])
            check_type(argname="argument kv_cache_spec", value=kv_cache_spec, expected_type=type_hints["kv_cache_spec"])
            check_type(argname="argument load_balancer", value=load_balancer, expected_type=type_hints["load_balancer"])
            check_type(argname="argument max_deploy_time_in_seconds", value=max_deploy_time_in_seconds, expected_type=type_hints["max_deploy_time_in_seconds"])
            check_type(argname="argument metrics", value=metrics, expected_type=type_hints["metrics"])
            check_type(argname="argument model_cache_config", value=model_cache_config, expected_type=type_hints["model_cache_config"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument sage_maker_endpoint", value=sage_maker_endpoint, expected_type=type_hints["sage_maker_endpoint"])
            check_type(argname="argument tls_config", value=tls_config, expected_type=type_hints["tls_config"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "model": model,
            "server": server,
        }
        if auto_scaling_spec is not None:
            self._values["auto_scaling_spec"] = auto_scaling_spec
        if data_capture is not None:
            self._values["data_capture"] = data_capture
        if dns_config is not None:
            self._values["dns_config"] = dns_config
        if environment_variables is not None:
            self._values["environment_variables"] = environment_variables
        if intelligent_routing_spec is not None:
            self._values["intelligent_routing_spec"] = intelligent_routing_spec
        if kv_cache_spec is not None:
            self._values["kv_cache_spec"] = kv_cache_spec
        if load_balancer is not None:
            self._values["load_balancer"] = load_balancer
        if max_deploy_time_in_seconds is not None:
            self._values["max_deploy_time_in_seconds"] = max_deploy_time_in_seconds
        if metrics is not None:
            self._values["metrics"] = metrics
        if model_cache_config is not None:
            self._values["model_cache_config"] = model_cache_config
        if replicas is not None:
            self._values["replicas"] = replicas
        if sage_maker_endpoint is not None:
            self._values["sage_maker_endpoint"] = sage_maker_endpoint
        if tls_config is not None:
            self._values["tls_config"] = tls_config

    @builtins.property
    def model(self) -> "JumpStartModelSpecModel":
        '''
        :schema: JumpStartModelSpec#model
        '''
        result = self._values.get("model")
        assert result is not None, "Required property 'model' is missing"
        return typing.cast("JumpStartModelSpecModel", result)

    @builtins.property
    def server(self) -> "JumpStartModelSpecServer":
        '''
        :schema: JumpStartModelSpec#server
        '''
        result = self._values.get("server")
        assert result is not None, "Required property 'server' is missing"
        return typing.cast("JumpStartModelSpecServer", result)

    @builtins.property
    def auto_scaling_spec(self) -> typing.Optional["JumpStartModelSpecAutoScalingSpec"]:
        '''
        :schema: JumpStartModelSpec#autoScalingSpec
        '''
        result = self._values.get("auto_scaling_spec")
        return typing.cast(typing.Optional["JumpStartModelSpecAutoScalingSpec"], result)

    @builtins.property
    def data_capture(self) -> typing.Optional["JumpStartModelSpecDataCapture"]:
        '''
        :schema: JumpStartModelSpec#dataCapture
        '''
        result = self._values.get("data_capture")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCapture"], result)

    @builtins.property
    def dns_config(self) -> typing.Optional["JumpStartModelSpecDnsConfig"]:
        '''
        :schema: JumpStartModelSpec#dnsConfig
        '''
        result = self._values.get("dns_config")
        return typing.cast(typing.Optional["JumpStartModelSpecDnsConfig"], result)

    @builtins.property
    def environment_variables(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecEnvironmentVariables"]]:
        '''
        :schema: JumpStartModelSpec#environmentVariables
        '''
        result = self._values.get("environment_variables")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecEnvironmentVariables"]], result)

    @builtins.property
    def intelligent_routing_spec(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpec"]:
        '''
        :schema: JumpStartModelSpec#intelligentRoutingSpec
        '''
        result = self._values.get("intelligent_routing_spec")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpec"], result)

    @builtins.property
    def kv_cache_spec(self) -> typing.Optional["JumpStartModelSpecKvCacheSpec"]:
        '''
        :schema: JumpStartModelSpec#kvCacheSpec
        '''
        result = self._values.get("kv_cache_spec")
        return typing.cast(typing.Optional["JumpStartModelSpecKvCacheSpec"], result)

    @builtins.property
    def load_balancer(self) -> typing.Optional["JumpStartModelSpecLoadBalancer"]:
        '''
        :schema: JumpStartModelSpec#loadBalancer
        '''
        result = self._values.get("load_balancer")
        return typing.cast(typing.Optional["JumpStartModelSpecLoadBalancer"], result)

    @builtins.property
    def max_deploy_time_in_seconds(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpec#maxDeployTimeInSeconds
        '''
        result = self._values.get("max_deploy_time_in_seconds")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metrics(self) -> typing.Optional["JumpStartModelSpecMetrics"]:
        '''
        :schema: JumpStartModelSpec#metrics
        '''
        result = self._values.get("metrics")
        return typing.cast(typing.Optional["JumpStartModelSpecMetrics"], result)

    @builtins.property
    def model_cache_config(
        self,
    ) -> typing.Optional["JumpStartModelSpecModelCacheConfig"]:
        '''
        :schema: JumpStartModelSpec#modelCacheConfig
        '''
        result = self._values.get("model_cache_config")
        return typing.cast(typing.Optional["JumpStartModelSpecModelCacheConfig"], result)

    @builtins.property
    def replicas(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpec#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def sage_maker_endpoint(
        self,
    ) -> typing.Optional["JumpStartModelSpecSageMakerEndpoint"]:
        '''
        :schema: JumpStartModelSpec#sageMakerEndpoint
        '''
        result = self._values.get("sage_maker_endpoint")
        return typing.cast(typing.Optional["JumpStartModelSpecSageMakerEndpoint"], result)

    @builtins.property
    def tls_config(self) -> typing.Optional["JumpStartModelSpecTlsConfig"]:
        '''
        :schema: JumpStartModelSpec#tlsConfig
        '''
        result = self._values.get("tls_config")
        return typing.cast(typing.Optional["JumpStartModelSpecTlsConfig"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpec",
    jsii_struct_bases=[],
    name_mapping={
        "cloud_watch_trigger": "cloudWatchTrigger",
        "cloud_watch_trigger_list": "cloudWatchTriggerList",
        "cooldown_period": "cooldownPeriod",
        "initial_cooldown_period": "initialCooldownPeriod",
        "max_replica_count": "maxReplicaCount",
        "min_replica_count": "minReplicaCount",
        "polling_interval": "pollingInterval",
        "prometheus_trigger": "prometheusTrigger",
        "prometheus_trigger_list": "prometheusTriggerList",
        "scale_down_stabilization_time": "scaleDownStabilizationTime",
        "scale_up_stabilization_time": "scaleUpStabilizationTime",
    },
)
class JumpStartModelSpecAutoScalingSpec:
    def __init__(
        self,
        *,
        cloud_watch_trigger: typing.Optional[typing.Union["JumpStartModelSpecAutoScalingSpecCloudWatchTrigger", typing.Dict[builtins.str, typing.Any]]] = None,
        cloud_watch_trigger_list: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList", typing.Dict[builtins.str, typing.Any]]]] = None,
        cooldown_period: typing.Optional[jsii.Number] = None,
        initial_cooldown_period: typing.Optional[jsii.Number] = None,
        max_replica_count: typing.Optional[jsii.Number] = None,
        min_replica_count: typing.Optional[jsii.Number] = None,
        polling_interval: typing.Optional[jsii.Number] = None,
        prometheus_trigger: typing.Optional[typing.Union["JumpStartModelSpecAutoScalingSpecPrometheusTrigger", typing.Dict[builtins.str, typing.Any]]] = None,
        prometheus_trigger_list: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecAutoScalingSpecPrometheusTriggerList", typing.Dict[builtins.str, typing.Any]]]] = None,
        scale_down_stabilization_time: typing.Optional[jsii.Number] = None,
        scale_up_stabilization_time: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param cloud_watch_trigger: 
        :param cloud_watch_trigger_list: 
        :param cooldown_period: 
        :param initial_cooldown_period: 
        :param max_replica_count: 
        :param min_replica_count: 
        :param polling_interval: 
        :param prometheus_trigger: 
        :param prometheus_trigger_list: 
        :param scale_down_stabilization_time: 
        :param scale_up_stabilization_time: 

        :schema: JumpStartModelSpecAutoScalingSpec
        '''
        if isinstance(cloud_watch_trigger, dict):
            cloud_watch_trigger = JumpStartModelSpecAutoScalingSpecCloudWatchTrigger(**cloud_watch_trigger)
        if isinstance(prometheus_trigger, dict):
            prometheus_trigger = JumpStartModelSpecAutoScalingSpecPrometheusTrigger(**prometheus_trigger)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__cb3f2e84eebe2eea43eba8f2bfd0f09795f31a3719eda7245412aaa1ee8392a8)
            check_type(argname="argument cloud_watch_trigger", value=cloud_watch_trigger, expected_type=type_hints["cloud_watch_trigger"])
            check_type(argname="argument cloud_watch_trigger_list", value=cloud_watch_trigger_list, expected_type=type_hints["cloud_watch_trigger_list"])
            check_type(argname="argument cooldown_period", value=cooldown_period, expected_type=type_hints["cooldown_period"])
            check_type(argname="argument initial_cooldown_period", value=initial_cooldown_period, expected_type=type_hints["initial_cooldown_period"])
            check_type(argname="argument max_replica_count", value=max_replica_count, expected_type=type_hints["max_replica_count"])
            check_type(argname="argument min_replica_count", value=min_replica_count, expected_type=type_hints["min_replica_count"])
            check_type(argname="argument polling_interval", value=polling_interval, expected_type=type_hints["polling_interval"])
            check_type(argname="argument prometheus_trigger", value=prometheus_trigger, expected_type=type_hints["prometheus_trigger"])
            check_type(argname="argument prometheus_trigger_list", value=prometheus_trigger_list, expected_type=type_hints["prometheus_trigger_list"])
            check_type(argname="argument scale_down_stabilization_time", value=scale_down_stabilization_time, expected_type=type_hints["scale_down_stabilization_time"])
            check_type(argname="argument scale_up_stabilization_time", value=scale_up_stabilization_time, expected_type=type_hints["scale_up_stabilization_time"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if cloud_watch_trigger is not None:
            self._values["cloud_watch_trigger"] = cloud_watch_trigger
        if cloud_watch_trigger_list is not None:
            self._values["cloud_watch_trigger_list"] = cloud_watch_trigger_list
        if cooldown_period is not None:
            self._values["cooldown_period"] = cooldown_period
        if initial_cooldown_period is not None:
            self._values["initial_cooldown_period"] = initial_cooldown_period
        if max_replica_count is not None:
            self._values["max_replica_count"] = max_replica_count
        if min_replica_count is not None:
            self._values["min_replica_count"] = min_replica_count
        if polling_interval is not None:
            self._values["polling_interval"] = polling_interval
        if prometheus_trigger is not None:
            self._values["prometheus_trigger"] = prometheus_trigger
        if prometheus_trigger_list is not None:
            self._values["prometheus_trigger_list"] = prometheus_trigger_list
        if scale_down_stabilization_time is not None:
            self._values["scale_down_stabilization_time"] = scale_down_stabilization_time
        if scale_up_stabilization_time is not None:
            self._values["scale_up_stabilization_time"] = scale_up_stabilization_time

    @builtins.property
    def cloud_watch_trigger(
        self,
    ) -> typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTrigger"]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#cloudWatchTrigger
        '''
        result = self._values.get("cloud_watch_trigger")
        return typing.cast(typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTrigger"], result)

    @builtins.property
    def cloud_watch_trigger_list(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList"]]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#cloudWatchTriggerList
        '''
        result = self._values.get("cloud_watch_trigger_list")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList"]], result)

    @builtins.property
    def cooldown_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#cooldownPeriod
        '''
        result = self._values.get("cooldown_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def initial_cooldown_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#initialCooldownPeriod
        '''
        result = self._values.get("initial_cooldown_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def max_replica_count(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#maxReplicaCount
        '''
        result = self._values.get("max_replica_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def min_replica_count(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#minReplicaCount
        '''
        result = self._values.get("min_replica_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def polling_interval(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#pollingInterval
        '''
        result = self._values.get("polling_interval")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def prometheus_trigger(
        self,
    ) -> typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTrigger"]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#prometheusTrigger
        '''
        result = self._values.get("prometheus_trigger")
        return typing.cast(typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTrigger"], result)

    @builtins.property
    def prometheus_trigger_list(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecPrometheusTriggerList"]]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#prometheusTriggerList
        '''
        result = self._values.get("prometheus_trigger_list")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecPrometheusTriggerList"]], result)

    @builtins.property
    def scale_down_stabilization_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#scaleDownStabilizationTime
        '''
        result = self._values.get("scale_down_stabilization_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def scale_up_stabilization_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpec#scaleUpStabilizationTime
        '''
        result = self._values.get("scale_up_stabilization_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecAutoScalingSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecCloudWatchTrigger",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "dimensions": "dimensions",
        "metric_collection_period": "metricCollectionPeriod",
        "metric_collection_start_time": "metricCollectionStartTime",
        "metric_name": "metricName",
        "metric_stat": "metricStat",
        "metric_type": "metricType",
        "min_value": "minValue",
        "name": "name",
        "namespace": "namespace",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecAutoScalingSpecCloudWatchTrigger:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        dimensions: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions", typing.Dict[builtins.str, typing.Any]]]] = None,
        metric_collection_period: typing.Optional[jsii.Number] = None,
        metric_collection_start_time: typing.Optional[jsii.Number] = None,
        metric_name: typing.Optional[builtins.str] = None,
        metric_stat: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType"] = None,
        min_value: typing.Optional[jsii.Number] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param dimensions: 
        :param metric_collection_period: 
        :param metric_collection_start_time: 
        :param metric_name: 
        :param metric_stat: 
        :param metric_type: 
        :param min_value: 
        :param name: 
        :param namespace: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4583265f7bc5067e866c7141b2fccccdbb7d63d2cef8a909282ad3912f39a87c)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument dimensions", value=dimensions, expected_type=type_hints["dimensions"])
            check_type(argname="argument metric_collection_period", value=metric_collection_period, expected_type=type_hints["metric_collection_period"])
            check_type(argname="argument metric_collection_start_time", value=metric_collection_start_time, expected_type=type_hints["metric_collection_start_time"])
            check_type(argname="argument metric_name", value=metric_name, expected_type=type_hints["metric_name"])
            check_type(argname="argument metric_stat", value=metric_stat, expected_type=type_hints["metric_stat"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument min_value", value=min_value, expected_type=type_hints["min_value"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if dimensions is not None:
            self._values["dimensions"] = dimensions
        if metric_collection_period is not None:
            self._values["metric_collection_period"] = metric_collection_period
        if metric_collection_start_time is not None:
            self._values["metric_collection_start_time"] = metric_collection_start_time
        if metric_name is not None:
            self._values["metric_name"] = metric_name
        if metric_stat is not None:
            self._values["metric_stat"] = metric_stat
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if min_value is not None:
            self._values["min_value"] = min_value
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def dimensions(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions"]]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#dimensions
        '''
        result = self._values.get("dimensions")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions"]], result)

    @builtins.property
    def metric_collection_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#metricCollectionPeriod
        '''
        result = self._values.get("metric_collection_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_collection_start_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#metricCollectionStartTime
        '''
        result = self._values.get("metric_collection_start_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#metricName
        '''
        result = self._values.get("metric_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_stat(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#metricStat
        '''
        result = self._values.get("metric_stat")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType"]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType"], result)

    @builtins.property
    def min_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#minValue
        '''
        result = self._values.get("min_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTrigger#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecAutoScalingSpecCloudWatchTrigger(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ac492f1a53c27da56bfbacaa04c8da6ee88279df33d558cc8fe21da5208c7b07)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "dimensions": "dimensions",
        "metric_collection_period": "metricCollectionPeriod",
        "metric_collection_start_time": "metricCollectionStartTime",
        "metric_name": "metricName",
        "metric_stat": "metricStat",
        "metric_type": "metricType",
        "min_value": "minValue",
        "name": "name",
        "namespace": "namespace",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        dimensions: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions", typing.Dict[builtins.str, typing.Any]]]] = None,
        metric_collection_period: typing.Optional[jsii.Number] = None,
        metric_collection_start_time: typing.Optional[jsii.Number] = None,
        metric_name: typing.Optional[builtins.str] = None,
        metric_stat: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType"] = None,
        min_value: typing.Optional[jsii.Number] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param dimensions: 
        :param metric_collection_period: 
        :param metric_collection_start_time: 
        :param metric_name: 
        :param metric_stat: 
        :param metric_type: 
        :param min_value: 
        :param name: 
        :param namespace: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__11e6eb5bdd56edbabcc818d91d2a832b0d52b2d67d4df5412592b446772e4506)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument dimensions", value=dimensions, expected_type=type_hints["dimensions"])
            check_type(argname="argument metric_collection_period", value=metric_collection_period, expected_type=type_hints["metric_collection_period"])
            check_type(argname="argument metric_collection_start_time", value=metric_collection_start_time, expected_type=type_hints["metric_collection_start_time"])
            check_type(argname="argument metric_name", value=metric_name, expected_type=type_hints["metric_name"])
            check_type(argname="argument metric_stat", value=metric_stat, expected_type=type_hints["metric_stat"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument min_value", value=min_value, expected_type=type_hints["min_value"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if dimensions is not None:
            self._values["dimensions"] = dimensions
        if metric_collection_period is not None:
            self._values["metric_collection_period"] = metric_collection_period
        if metric_collection_start_time is not None:
            self._values["metric_collection_start_time"] = metric_collection_start_time
        if metric_name is not None:
            self._values["metric_name"] = metric_name
        if metric_stat is not None:
            self._values["metric_stat"] = metric_stat
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if min_value is not None:
            self._values["min_value"] = min_value
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def dimensions(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions"]]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#dimensions
        '''
        result = self._values.get("dimensions")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions"]], result)

    @builtins.property
    def metric_collection_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#metricCollectionPeriod
        '''
        result = self._values.get("metric_collection_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_collection_start_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#metricCollectionStartTime
        '''
        result = self._values.get("metric_collection_start_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#metricName
        '''
        result = self._values.get("metric_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_stat(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#metricStat
        '''
        result = self._values.get("metric_stat")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType"]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType"], result)

    @builtins.property
    def min_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#minValue
        '''
        result = self._values.get("min_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__eec30ef7f2d42ef0ede522a54d625eedb1af1d65bb11e5daf863a7569acde1d8)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType"
)
class JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType(enum.Enum):
    '''
    :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType"
)
class JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType(enum.Enum):
    '''
    :schema: JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecPrometheusTrigger",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "custom_headers": "customHeaders",
        "metric_type": "metricType",
        "name": "name",
        "namespace": "namespace",
        "query": "query",
        "server_address": "serverAddress",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecAutoScalingSpecPrometheusTrigger:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        custom_headers: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType"] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        query: typing.Optional[builtins.str] = None,
        server_address: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param custom_headers: 
        :param metric_type: 
        :param name: 
        :param namespace: 
        :param query: 
        :param server_address: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__fea441c923eb816d386791e328a1d37f9fc69016bd227394ba3820035b5b4893)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument custom_headers", value=custom_headers, expected_type=type_hints["custom_headers"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument query", value=query, expected_type=type_hints["query"])
            check_type(argname="argument server_address", value=server_address, expected_type=type_hints["server_address"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if custom_headers is not None:
            self._values["custom_headers"] = custom_headers
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if query is not None:
            self._values["query"] = query
        if server_address is not None:
            self._values["server_address"] = server_address
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def custom_headers(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#customHeaders
        '''
        result = self._values.get("custom_headers")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType"]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def query(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#query
        '''
        result = self._values.get("query")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def server_address(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#serverAddress
        '''
        result = self._values.get("server_address")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTrigger#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecAutoScalingSpecPrometheusTrigger(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecPrometheusTriggerList",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "custom_headers": "customHeaders",
        "metric_type": "metricType",
        "name": "name",
        "namespace": "namespace",
        "query": "query",
        "server_address": "serverAddress",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecAutoScalingSpecPrometheusTriggerList:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        custom_headers: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType"] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        query: typing.Optional[builtins.str] = None,
        server_address: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param custom_headers: 
        :param metric_type: 
        :param name: 
        :param namespace: 
        :param query: 
        :param server_address: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9a76bae9266469de37c3bb0bd71e5b5354a9d739221be20ca094a4fe16751a46)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument custom_headers", value=custom_headers, expected_type=type_hints["custom_headers"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument query", value=query, expected_type=type_hints["query"])
            check_type(argname="argument server_address", value=server_address, expected_type=type_hints["server_address"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if custom_headers is not None:
            self._values["custom_headers"] = custom_headers
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if query is not None:
            self._values["query"] = query
        if server_address is not None:
            self._values["server_address"] = server_address
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def custom_headers(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#customHeaders
        '''
        result = self._values.get("custom_headers")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType"]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def query(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#query
        '''
        result = self._values.get("query")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def server_address(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#serverAddress
        '''
        result = self._values.get("server_address")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerList#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecAutoScalingSpecPrometheusTriggerList(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType"
)
class JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType(enum.Enum):
    '''
    :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType"
)
class JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType(enum.Enum):
    '''
    :schema: JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCapture",
    jsii_struct_bases=[],
    name_mapping={
        "load_balancer": "loadBalancer",
        "model_pod": "modelPod",
        "s3_uri": "s3Uri",
        "sagemaker_endpoint": "sagemakerEndpoint",
    },
)
class JumpStartModelSpecDataCapture:
    def __init__(
        self,
        *,
        load_balancer: typing.Optional[typing.Union["JumpStartModelSpecDataCaptureLoadBalancer", typing.Dict[builtins.str, typing.Any]]] = None,
        model_pod: typing.Optional[typing.Union["JumpStartModelSpecDataCaptureModelPod", typing.Dict[builtins.str, typing.Any]]] = None,
        s3_uri: typing.Optional[builtins.str] = None,
        sagemaker_endpoint: typing.Optional[typing.Union["JumpStartModelSpecDataCaptureSagemakerEndpoint", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param load_balancer: 
        :param model_pod: 
        :param s3_uri: 
        :param sagemaker_endpoint: 

        :schema: JumpStartModelSpecDataCapture
        '''
        if isinstance(load_balancer, dict):
            load_balancer = JumpStartModelSpecDataCaptureLoadBalancer(**load_balancer)
        if isinstance(model_pod, dict):
            model_pod = JumpStartModelSpecDataCaptureModelPod(**model_pod)
        if isinstance(sagemaker_endpoint, dict):
            sagemaker_endpoint = JumpStartModelSpecDataCaptureSagemakerEndpoint(**sagemaker_endpoint)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7c34f77d1c1f1ecb6f5cd67b555e771ab472640a75f8f3704c2b470c953d3d0e)
            check_type(argname="argument load_balancer", value=load_balancer, expected_type=type_hints["load_balancer"])
            check_type(argname="argument model_pod", value=model_pod, expected_type=type_hints["model_pod"])
            check_type(argname="argument s3_uri", value=s3_uri, expected_type=type_hints["s3_uri"])
            check_type(argname="argument sagemaker_endpoint", value=sagemaker_endpoint, expected_type=type_hints["sagemaker_endpoint"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if load_balancer is not None:
            self._values["load_balancer"] = load_balancer
        if model_pod is not None:
            self._values["model_pod"] = model_pod
        if s3_uri is not None:
            self._values["s3_uri"] = s3_uri
        if sagemaker_endpoint is not None:
            self._values["sagemaker_endpoint"] = sagemaker_endpoint

    @builtins.property
    def load_balancer(
        self,
    ) -> typing.Optional["JumpStartModelSpecDataCaptureLoadBalancer"]:
        '''
        :schema: JumpStartModelSpecDataCapture#loadBalancer
        '''
        result = self._values.get("load_balancer")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCaptureLoadBalancer"], result)

    @builtins.property
    def model_pod(self) -> typing.Optional["JumpStartModelSpecDataCaptureModelPod"]:
        '''
        :schema: JumpStartModelSpecDataCapture#modelPod
        '''
        result = self._values.get("model_pod")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCaptureModelPod"], result)

    @builtins.property
    def s3_uri(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecDataCapture#s3Uri
        '''
        result = self._values.get("s3_uri")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def sagemaker_endpoint(
        self,
    ) -> typing.Optional["JumpStartModelSpecDataCaptureSagemakerEndpoint"]:
        '''
        :schema: JumpStartModelSpecDataCapture#sagemakerEndpoint
        '''
        result = self._values.get("sagemaker_endpoint")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCaptureSagemakerEndpoint"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCapture(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureLoadBalancer",
    jsii_struct_bases=[],
    name_mapping={"enabled": "enabled"},
)
class JumpStartModelSpecDataCaptureLoadBalancer:
    def __init__(self, *, enabled: builtins.bool) -> None:
        '''
        :param enabled: 

        :schema: JumpStartModelSpecDataCaptureLoadBalancer
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__54b575d46e799be326ad146cef5fda5f38dcc726c2552284caa3fe5ab5bd45d4)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "enabled": enabled,
        }

    @builtins.property
    def enabled(self) -> builtins.bool:
        '''
        :schema: JumpStartModelSpecDataCaptureLoadBalancer#enabled
        '''
        result = self._values.get("enabled")
        assert result is not None, "Required property 'enabled' is missing"
        return typing.cast(builtins.bool, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureLoadBalancer(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureModelPod",
    jsii_struct_bases=[],
    name_mapping={
        "enabled": "enabled",
        "buffer_config": "bufferConfig",
        "capture_content_type_header": "captureContentTypeHeader",
        "capture_options": "captureOptions",
        "initial_sampling_percentage": "initialSamplingPercentage",
        "kms_key_id": "kmsKeyId",
        "payload_config": "payloadConfig",
    },
)
class JumpStartModelSpecDataCaptureModelPod:
    def __init__(
        self,
        *,
        enabled: builtins.bool,
        buffer_config: typing.Optional[typing.Union["JumpStartModelSpecDataCaptureModelPodBufferConfig", typing.Dict[builtins.str, typing.Any]]] = None,
        capture_content_type_header: typing.Optional[typing.Union["JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader", typing.Dict[builtins.str, typing.Any]]] = None,
        capture_options: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecDataCaptureModelPodCaptureOptions", typing.Dict[builtins.str, typing.Any]]]] = None,
        initial_sampling_percentage: typing.Optional[jsii.Number] = None,
        kms_key_id: typing.Optional[builtins.str] = None,
        payload_config: typing.Optional[typing.Union["JumpStartModelSpecDataCaptureModelPodPayloadConfig", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param enabled: 
        :param buffer_config: 
        :param capture_content_type_header: 
        :param capture_options: 
        :param initial_sampling_percentage: 
        :param kms_key_id: 
        :param payload_config: 

        :schema: JumpStartModelSpecDataCaptureModelPod
        '''
        if isinstance(buffer_config, dict):
            buffer_config = JumpStartModelSpecDataCaptureModelPodBufferConfig(**buffer_config)
        if isinstance(capture_content_type_header, dict):
            capture_content_type_header = JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader(**capture_content_type_header)
        if isinstance(payload_config, dict):
            payload_config = JumpStartModelSpecDataCaptureModelPodPayloadConfig(**payload_config)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__186398b31b919234e61510df2b2ec8d5ce73f5cdb54965420927ae281f73d3f6)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument buffer_config", value=buffer_config, expected_type=type_hints["buffer_config"])
            check_type(argname="argument capture_content_type_header", value=capture_content_type_header, expected_type=type_hints["capture_content_type_header"])
            check_type(argname="argument capture_options", value=capture_options, expected_type=type_hints["capture_options"])
            check_type(argname="argument initial_sampling_percentage", value=initial_sampling_percentage, expected_type=type_hints["initial_sampling_percentage"])
            check_type(argname="argument kms_key_id", value=kms_key_id, expected_type=type_hints["kms_key_id"])
            check_type(argname="argument payload_config", value=payload_config, expected_type=type_hints["payload_config"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "enabled": enabled,
        }
        if buffer_config is not None:
            self._values["buffer_config"] = buffer_config
        if capture_content_type_header is not None:
            self._values["capture_content_type_header"] = capture_content_type_header
        if capture_options is not None:
            self._values["capture_options"] = capture_options
        if initial_sampling_percentage is not None:
            self._values["initial_sampling_percentage"] = initial_sampling_percentage
        if kms_key_id is not None:
            self._values["kms_key_id"] = kms_key_id
        if payload_config is not None:
            self._values["payload_config"] = payload_config

    @builtins.property
    def enabled(self) -> builtins.bool:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPod#enabled
        '''
        result = self._values.get("enabled")
        assert result is not None, "Required property 'enabled' is missing"
        return typing.cast(builtins.bool, result)

    @builtins.property
    def buffer_config(
        self,
    ) -> typing.Optional["JumpStartModelSpecDataCaptureModelPodBufferConfig"]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPod#bufferConfig
        '''
        result = self._values.get("buffer_config")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCaptureModelPodBufferConfig"], result)

    @builtins.property
    def capture_content_type_header(
        self,
    ) -> typing.Optional["JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader"]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPod#captureContentTypeHeader
        '''
        result = self._values.get("capture_content_type_header")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader"], result)

    @builtins.property
    def capture_options(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecDataCaptureModelPodCaptureOptions"]]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPod#captureOptions
        '''
        result = self._values.get("capture_options")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecDataCaptureModelPodCaptureOptions"]], result)

    @builtins.property
    def initial_sampling_percentage(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPod#initialSamplingPercentage
        '''
        result = self._values.get("initial_sampling_percentage")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def kms_key_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPod#kmsKeyId
        '''
        result = self._values.get("kms_key_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def payload_config(
        self,
    ) -> typing.Optional["JumpStartModelSpecDataCaptureModelPodPayloadConfig"]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPod#payloadConfig
        '''
        result = self._values.get("payload_config")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCaptureModelPodPayloadConfig"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureModelPod(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureModelPodBufferConfig",
    jsii_struct_bases=[],
    name_mapping={
        "batch_size": "batchSize",
        "flush_interval_seconds": "flushIntervalSeconds",
    },
)
class JumpStartModelSpecDataCaptureModelPodBufferConfig:
    def __init__(
        self,
        *,
        batch_size: typing.Optional[jsii.Number] = None,
        flush_interval_seconds: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param batch_size: 
        :param flush_interval_seconds: 

        :schema: JumpStartModelSpecDataCaptureModelPodBufferConfig
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e4ceb7f41b312f134c268d1d3ab2eef35589648389bd6f41b5d0c12d1157943c)
            check_type(argname="argument batch_size", value=batch_size, expected_type=type_hints["batch_size"])
            check_type(argname="argument flush_interval_seconds", value=flush_interval_seconds, expected_type=type_hints["flush_interval_seconds"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if batch_size is not None:
            self._values["batch_size"] = batch_size
        if flush_interval_seconds is not None:
            self._values["flush_interval_seconds"] = flush_interval_seconds

    @builtins.property
    def batch_size(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPodBufferConfig#batchSize
        '''
        result = self._values.get("batch_size")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def flush_interval_seconds(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPodBufferConfig#flushIntervalSeconds
        '''
        result = self._values.get("flush_interval_seconds")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureModelPodBufferConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader",
    jsii_struct_bases=[],
    name_mapping={
        "csv_content_types": "csvContentTypes",
        "json_content_types": "jsonContentTypes",
    },
)
class JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader:
    def __init__(
        self,
        *,
        csv_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
        json_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''
        :param csv_content_types: 
        :param json_content_types: 

        :schema: JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4d2db66235a60d45408530b3841ae733d3edac01adc9702827717ecbf88df6c7)
            check_type(argname="argument csv_content_types", value=csv_content_types, expected_type=type_hints["csv_content_types"])
            check_type(argname="argument json_content_types", value=json_content_types, expected_type=type_hints["json_content_types"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if csv_content_types is not None:
            self._values["csv_content_types"] = csv_content_types
        if json_content_types is not None:
            self._values["json_content_types"] = json_content_types

    @builtins.property
    def csv_content_types(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader#csvContentTypes
        '''
        result = self._values.get("csv_content_types")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def json_content_types(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader#jsonContentTypes
        '''
        result = self._values.get("json_content_types")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureModelPodCaptureOptions",
    jsii_struct_bases=[],
    name_mapping={"capture_mode": "captureMode"},
)
class JumpStartModelSpecDataCaptureModelPodCaptureOptions:
    def __init__(
        self,
        *,
        capture_mode: "JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode",
    ) -> None:
        '''
        :param capture_mode: 

        :schema: JumpStartModelSpecDataCaptureModelPodCaptureOptions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b1bf80f05eb048fed37308c6a493413ca9591a540c0ce5da60d819fbf89dd89e)
            check_type(argname="argument capture_mode", value=capture_mode, expected_type=type_hints["capture_mode"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "capture_mode": capture_mode,
        }

    @builtins.property
    def capture_mode(
        self,
    ) -> "JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode":
        '''
        :schema: JumpStartModelSpecDataCaptureModelPodCaptureOptions#captureMode
        '''
        result = self._values.get("capture_mode")
        assert result is not None, "Required property 'capture_mode' is missing"
        return typing.cast("JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureModelPodCaptureOptions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode"
)
class JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode(enum.Enum):
    '''
    :schema: JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode
    '''

    INPUT = "INPUT"
    '''Input.'''
    OUTPUT = "OUTPUT"
    '''Output.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureModelPodPayloadConfig",
    jsii_struct_bases=[],
    name_mapping={"max_payload_size_kb": "maxPayloadSizeKb"},
)
class JumpStartModelSpecDataCaptureModelPodPayloadConfig:
    def __init__(
        self,
        *,
        max_payload_size_kb: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param max_payload_size_kb: 

        :schema: JumpStartModelSpecDataCaptureModelPodPayloadConfig
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5d28371f728aec35f4b6badfa896037ae3da3eb663fd59696d9eaba970400161)
            check_type(argname="argument max_payload_size_kb", value=max_payload_size_kb, expected_type=type_hints["max_payload_size_kb"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if max_payload_size_kb is not None:
            self._values["max_payload_size_kb"] = max_payload_size_kb

    @builtins.property
    def max_payload_size_kb(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecDataCaptureModelPodPayloadConfig#maxPayloadSizeKB
        '''
        result = self._values.get("max_payload_size_kb")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureModelPodPayloadConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureSagemakerEndpoint",
    jsii_struct_bases=[],
    name_mapping={
        "enabled": "enabled",
        "capture_content_type_header": "captureContentTypeHeader",
        "capture_options": "captureOptions",
        "initial_sampling_percentage": "initialSamplingPercentage",
        "kms_key_id": "kmsKeyId",
    },
)
class JumpStartModelSpecDataCaptureSagemakerEndpoint:
    def __init__(
        self,
        *,
        enabled: builtins.bool,
        capture_content_type_header: typing.Optional[typing.Union["JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader", typing.Dict[builtins.str, typing.Any]]] = None,
        capture_options: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions", typing.Dict[builtins.str, typing.Any]]]] = None,
        initial_sampling_percentage: typing.Optional[jsii.Number] = None,
        kms_key_id: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param enabled: 
        :param capture_content_type_header: 
        :param capture_options: 
        :param initial_sampling_percentage: 
        :param kms_key_id: 

        :schema: JumpStartModelSpecDataCaptureSagemakerEndpoint
        '''
        if isinstance(capture_content_type_header, dict):
            capture_content_type_header = JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader(**capture_content_type_header)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__546a1a4a017d66bfefc4a918c35bca2f0c515344d50eb60d9b903e8068e8a9fd)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument capture_content_type_header", value=capture_content_type_header, expected_type=type_hints["capture_content_type_header"])
            check_type(argname="argument capture_options", value=capture_options, expected_type=type_hints["capture_options"])
            check_type(argname="argument initial_sampling_percentage", value=initial_sampling_percentage, expected_type=type_hints["initial_sampling_percentage"])
            check_type(argname="argument kms_key_id", value=kms_key_id, expected_type=type_hints["kms_key_id"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "enabled": enabled,
        }
        if capture_content_type_header is not None:
            self._values["capture_content_type_header"] = capture_content_type_header
        if capture_options is not None:
            self._values["capture_options"] = capture_options
        if initial_sampling_percentage is not None:
            self._values["initial_sampling_percentage"] = initial_sampling_percentage
        if kms_key_id is not None:
            self._values["kms_key_id"] = kms_key_id

    @builtins.property
    def enabled(self) -> builtins.bool:
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpoint#enabled
        '''
        result = self._values.get("enabled")
        assert result is not None, "Required property 'enabled' is missing"
        return typing.cast(builtins.bool, result)

    @builtins.property
    def capture_content_type_header(
        self,
    ) -> typing.Optional["JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader"]:
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpoint#captureContentTypeHeader
        '''
        result = self._values.get("capture_content_type_header")
        return typing.cast(typing.Optional["JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader"], result)

    @builtins.property
    def capture_options(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions"]]:
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpoint#captureOptions
        '''
        result = self._values.get("capture_options")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions"]], result)

    @builtins.property
    def initial_sampling_percentage(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpoint#initialSamplingPercentage
        '''
        result = self._values.get("initial_sampling_percentage")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def kms_key_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpoint#kmsKeyId
        '''
        result = self._values.get("kms_key_id")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureSagemakerEndpoint(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader",
    jsii_struct_bases=[],
    name_mapping={
        "csv_content_types": "csvContentTypes",
        "json_content_types": "jsonContentTypes",
    },
)
class JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader:
    def __init__(
        self,
        *,
        csv_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
        json_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''
        :param csv_content_types: 
        :param json_content_types: 

        :schema: JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c6de2de2a4f5006d7e28812011923024b51e00621f50b535ff33e4bfa108c2ff)
            check_type(argname="argument csv_content_types", value=csv_content_types, expected_type=type_hints["csv_content_types"])
            check_type(argname="argument json_content_types", value=json_content_types, expected_type=type_hints["json_content_types"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if csv_content_types is not None:
            self._values["csv_content_types"] = csv_content_types
        if json_content_types is not None:
            self._values["json_content_types"] = json_content_types

    @builtins.property
    def csv_content_types(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader#csvContentTypes
        '''
        result = self._values.get("csv_content_types")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def json_content_types(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader#jsonContentTypes
        '''
        result = self._values.get("json_content_types")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions",
    jsii_struct_bases=[],
    name_mapping={"capture_mode": "captureMode"},
)
class JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions:
    def __init__(
        self,
        *,
        capture_mode: "JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode",
    ) -> None:
        '''
        :param capture_mode: 

        :schema: JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__910fb93179be33afb381c48e370433a1099696d052137a38c150e277d933a955)
            check_type(argname="argument capture_mode", value=capture_mode, expected_type=type_hints["capture_mode"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "capture_mode": capture_mode,
        }

    @builtins.property
    def capture_mode(
        self,
    ) -> "JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode":
        '''
        :schema: JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions#captureMode
        '''
        result = self._values.get("capture_mode")
        assert result is not None, "Required property 'capture_mode' is missing"
        return typing.cast("JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode"
)
class JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode(
    enum.Enum,
):
    '''
    :schema: JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode
    '''

    INPUT = "INPUT"
    '''Input.'''
    OUTPUT = "OUTPUT"
    '''Output.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecDnsConfig",
    jsii_struct_bases=[],
    name_mapping={"hosted_zone_id": "hostedZoneId"},
)
class JumpStartModelSpecDnsConfig:
    def __init__(self, *, hosted_zone_id: builtins.str) -> None:
        '''
        :param hosted_zone_id: 

        :schema: JumpStartModelSpecDnsConfig
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a099225920838dbbf7148b7147425f8b6ba13cb28073f248073dc49db4caac64)
            check_type(argname="argument hosted_zone_id", value=hosted_zone_id, expected_type=type_hints["hosted_zone_id"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "hosted_zone_id": hosted_zone_id,
        }

    @builtins.property
    def hosted_zone_id(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecDnsConfig#hostedZoneId
        '''
        result = self._values.get("hosted_zone_id")
        assert result is not None, "Required property 'hosted_zone_id' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecDnsConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecEnvironmentVariables",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelSpecEnvironmentVariables:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelSpecEnvironmentVariables
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9d3df299eaaa122de2ce362f988bf901d65a2aec5fd65e8f9c76718714980715)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecEnvironmentVariables#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecEnvironmentVariables#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecEnvironmentVariables(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpec",
    jsii_struct_bases=[],
    name_mapping={
        "auto_scaling_spec": "autoScalingSpec",
        "enabled": "enabled",
        "routing_strategy": "routingStrategy",
    },
)
class JumpStartModelSpecIntelligentRoutingSpec:
    def __init__(
        self,
        *,
        auto_scaling_spec: typing.Optional[typing.Union["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec", typing.Dict[builtins.str, typing.Any]]] = None,
        enabled: typing.Optional[builtins.bool] = None,
        routing_strategy: typing.Optional["JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy"] = None,
    ) -> None:
        '''
        :param auto_scaling_spec: 
        :param enabled: 
        :param routing_strategy: 

        :schema: JumpStartModelSpecIntelligentRoutingSpec
        '''
        if isinstance(auto_scaling_spec, dict):
            auto_scaling_spec = JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec(**auto_scaling_spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__feecee534959b69282f3bc31eefa17dd7c3aa7b8e9e4579f74c543de7201ef1c)
            check_type(argname="argument auto_scaling_spec", value=auto_scaling_spec, expected_type=type_hints["auto_scaling_spec"])
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument routing_strategy", value=routing_strategy, expected_type=type_hints["routing_strategy"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if auto_scaling_spec is not None:
            self._values["auto_scaling_spec"] = auto_scaling_spec
        if enabled is not None:
            self._values["enabled"] = enabled
        if routing_strategy is not None:
            self._values["routing_strategy"] = routing_strategy

    @builtins.property
    def auto_scaling_spec(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpec#autoScalingSpec
        '''
        result = self._values.get("auto_scaling_spec")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec"], result)

    @builtins.property
    def enabled(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpec#enabled
        '''
        result = self._values.get("enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def routing_strategy(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpec#routingStrategy
        '''
        result = self._values.get("routing_strategy")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec",
    jsii_struct_bases=[],
    name_mapping={
        "cloud_watch_trigger": "cloudWatchTrigger",
        "cloud_watch_trigger_list": "cloudWatchTriggerList",
        "cooldown_period": "cooldownPeriod",
        "initial_cooldown_period": "initialCooldownPeriod",
        "max_replica_count": "maxReplicaCount",
        "min_replica_count": "minReplicaCount",
        "polling_interval": "pollingInterval",
        "prometheus_trigger": "prometheusTrigger",
        "prometheus_trigger_list": "prometheusTriggerList",
        "scale_down_stabilization_time": "scaleDownStabilizationTime",
        "scale_up_stabilization_time": "scaleUpStabilizationTime",
    },
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec:
    def __init__(
        self,
        *,
        cloud_watch_trigger: typing.Optional[typing.Union["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger", typing.Dict[builtins.str, typing.Any]]] = None,
        cloud_watch_trigger_list: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList", typing.Dict[builtins.str, typing.Any]]]] = None,
        cooldown_period: typing.Optional[jsii.Number] = None,
        initial_cooldown_period: typing.Optional[jsii.Number] = None,
        max_replica_count: typing.Optional[jsii.Number] = None,
        min_replica_count: typing.Optional[jsii.Number] = None,
        polling_interval: typing.Optional[jsii.Number] = None,
        prometheus_trigger: typing.Optional[typing.Union["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger", typing.Dict[builtins.str, typing.Any]]] = None,
        prometheus_trigger_list: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList", typing.Dict[builtins.str, typing.Any]]]] = None,
        scale_down_stabilization_time: typing.Optional[jsii.Number] = None,
        scale_up_stabilization_time: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param cloud_watch_trigger: 
        :param cloud_watch_trigger_list: 
        :param cooldown_period: 
        :param initial_cooldown_period: 
        :param max_replica_count: 
        :param min_replica_count: 
        :param polling_interval: 
        :param prometheus_trigger: 
        :param prometheus_trigger_list: 
        :param scale_down_stabilization_time: 
        :param scale_up_stabilization_time: 

        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec
        '''
        if isinstance(cloud_watch_trigger, dict):
            cloud_watch_trigger = JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger(**cloud_watch_trigger)
        if isinstance(prometheus_trigger, dict):
            prometheus_trigger = JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger(**prometheus_trigger)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a74b1e3bdedf7e53344798c61b138b29dbb72b6e91552cd753cd994c58188b15)
            check_type(argname="argument cloud_watch_trigger", value=cloud_watch_trigger, expected_type=type_hints["cloud_watch_trigger"])
            check_type(argname="argument cloud_watch_trigger_list", value=cloud_watch_trigger_list, expected_type=type_hints["cloud_watch_trigger_list"])
            check_type(argname="argument cooldown_period", value=cooldown_period, expected_type=type_hints["cooldown_period"])
            check_type(argname="argument initial_cooldown_period", value=initial_cooldown_period, expected_type=type_hints["initial_cooldown_period"])
            check_type(argname="argument max_replica_count", value=max_replica_count, expected_type=type_hints["max_replica_count"])
            check_type(argname="argument min_replica_count", value=min_replica_count, expected_type=type_hints["min_replica_count"])
            check_type(argname="argument polling_interval", value=polling_interval, expected_type=type_hints["polling_interval"])
            check_type(argname="argument prometheus_trigger", value=prometheus_trigger, expected_type=type_hints["prometheus_trigger"])
            check_type(argname="argument prometheus_trigger_list", value=prometheus_trigger_list, expected_type=type_hints["prometheus_trigger_list"])
            check_type(argname="argument scale_down_stabilization_time", value=scale_down_stabilization_time, expected_type=type_hints["scale_down_stabilization_time"])
            check_type(argname="argument scale_up_stabilization_time", value=scale_up_stabilization_time, expected_type=type_hints["scale_up_stabilization_time"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if cloud_watch_trigger is not None:
            self._values["cloud_watch_trigger"] = cloud_watch_trigger
        if cloud_watch_trigger_list is not None:
            self._values["cloud_watch_trigger_list"] = cloud_watch_trigger_list
        if cooldown_period is not None:
            self._values["cooldown_period"] = cooldown_period
        if initial_cooldown_period is not None:
            self._values["initial_cooldown_period"] = initial_cooldown_period
        if max_replica_count is not None:
            self._values["max_replica_count"] = max_replica_count
        if min_replica_count is not None:
            self._values["min_replica_count"] = min_replica_count
        if polling_interval is not None:
            self._values["polling_interval"] = polling_interval
        if prometheus_trigger is not None:
            self._values["prometheus_trigger"] = prometheus_trigger
        if prometheus_trigger_list is not None:
            self._values["prometheus_trigger_list"] = prometheus_trigger_list
        if scale_down_stabilization_time is not None:
            self._values["scale_down_stabilization_time"] = scale_down_stabilization_time
        if scale_up_stabilization_time is not None:
            self._values["scale_up_stabilization_time"] = scale_up_stabilization_time

    @builtins.property
    def cloud_watch_trigger(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#cloudWatchTrigger
        '''
        result = self._values.get("cloud_watch_trigger")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger"], result)

    @builtins.property
    def cloud_watch_trigger_list(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList"]]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#cloudWatchTriggerList
        '''
        result = self._values.get("cloud_watch_trigger_list")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList"]], result)

    @builtins.property
    def cooldown_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#cooldownPeriod
        '''
        result = self._values.get("cooldown_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def initial_cooldown_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#initialCooldownPeriod
        '''
        result = self._values.get("initial_cooldown_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def max_replica_count(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#maxReplicaCount
        '''
        result = self._values.get("max_replica_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def min_replica_count(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#minReplicaCount
        '''
        result = self._values.get("min_replica_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def polling_interval(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#pollingInterval
        '''
        result = self._values.get("polling_interval")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def prometheus_trigger(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#prometheusTrigger
        '''
        result = self._values.get("prometheus_trigger")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger"], result)

    @builtins.property
    def prometheus_trigger_list(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList"]]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#prometheusTriggerList
        '''
        result = self._values.get("prometheus_trigger_list")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList"]], result)

    @builtins.property
    def scale_down_stabilization_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#scaleDownStabilizationTime
        '''
        result = self._values.get("scale_down_stabilization_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def scale_up_stabilization_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec#scaleUpStabilizationTime
        '''
        result = self._values.get("scale_up_stabilization_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "dimensions": "dimensions",
        "metric_collection_period": "metricCollectionPeriod",
        "metric_collection_start_time": "metricCollectionStartTime",
        "metric_name": "metricName",
        "metric_stat": "metricStat",
        "metric_type": "metricType",
        "min_value": "minValue",
        "name": "name",
        "namespace": "namespace",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        dimensions: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions", typing.Dict[builtins.str, typing.Any]]]] = None,
        metric_collection_period: typing.Optional[jsii.Number] = None,
        metric_collection_start_time: typing.Optional[jsii.Number] = None,
        metric_name: typing.Optional[builtins.str] = None,
        metric_stat: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType"] = None,
        min_value: typing.Optional[jsii.Number] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param dimensions: 
        :param metric_collection_period: 
        :param metric_collection_start_time: 
        :param metric_name: 
        :param metric_stat: 
        :param metric_type: 
        :param min_value: 
        :param name: 
        :param namespace: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b744e5f97f7c510e7aa8b8d7240ed692ad6b2cf115f42adad660548535075262)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument dimensions", value=dimensions, expected_type=type_hints["dimensions"])
            check_type(argname="argument metric_collection_period", value=metric_collection_period, expected_type=type_hints["metric_collection_period"])
            check_type(argname="argument metric_collection_start_time", value=metric_collection_start_time, expected_type=type_hints["metric_collection_start_time"])
            check_type(argname="argument metric_name", value=metric_name, expected_type=type_hints["metric_name"])
            check_type(argname="argument metric_stat", value=metric_stat, expected_type=type_hints["metric_stat"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument min_value", value=min_value, expected_type=type_hints["min_value"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if dimensions is not None:
            self._values["dimensions"] = dimensions
        if metric_collection_period is not None:
            self._values["metric_collection_period"] = metric_collection_period
        if metric_collection_start_time is not None:
            self._values["metric_collection_start_time"] = metric_collection_start_time
        if metric_name is not None:
            self._values["metric_name"] = metric_name
        if metric_stat is not None:
            self._values["metric_stat"] = metric_stat
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if min_value is not None:
            self._values["min_value"] = min_value
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def dimensions(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions"]]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#dimensions
        '''
        result = self._values.get("dimensions")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions"]], result)

    @builtins.property
    def metric_collection_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#metricCollectionPeriod
        '''
        result = self._values.get("metric_collection_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_collection_start_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#metricCollectionStartTime
        '''
        result = self._values.get("metric_collection_start_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#metricName
        '''
        result = self._values.get("metric_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_stat(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#metricStat
        '''
        result = self._values.get("metric_stat")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType"], result)

    @builtins.property
    def min_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#minValue
        '''
        result = self._values.get("min_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__81b3508b2466430388ed2416fc38602ba85f1dfa11268767bac3fdf1b52b1817)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "dimensions": "dimensions",
        "metric_collection_period": "metricCollectionPeriod",
        "metric_collection_start_time": "metricCollectionStartTime",
        "metric_name": "metricName",
        "metric_stat": "metricStat",
        "metric_type": "metricType",
        "min_value": "minValue",
        "name": "name",
        "namespace": "namespace",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        dimensions: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions", typing.Dict[builtins.str, typing.Any]]]] = None,
        metric_collection_period: typing.Optional[jsii.Number] = None,
        metric_collection_start_time: typing.Optional[jsii.Number] = None,
        metric_name: typing.Optional[builtins.str] = None,
        metric_stat: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType"] = None,
        min_value: typing.Optional[jsii.Number] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param dimensions: 
        :param metric_collection_period: 
        :param metric_collection_start_time: 
        :param metric_name: 
        :param metric_stat: 
        :param metric_type: 
        :param min_value: 
        :param name: 
        :param namespace: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9e190b9ca495bad0210089adf77767f6cf5d708cc98bb9b6120aeaa1ecfa07c4)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument dimensions", value=dimensions, expected_type=type_hints["dimensions"])
            check_type(argname="argument metric_collection_period", value=metric_collection_period, expected_type=type_hints["metric_collection_period"])
            check_type(argname="argument metric_collection_start_time", value=metric_collection_start_time, expected_type=type_hints["metric_collection_start_time"])
            check_type(argname="argument metric_name", value=metric_name, expected_type=type_hints["metric_name"])
            check_type(argname="argument metric_stat", value=metric_stat, expected_type=type_hints["metric_stat"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument min_value", value=min_value, expected_type=type_hints["min_value"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if dimensions is not None:
            self._values["dimensions"] = dimensions
        if metric_collection_period is not None:
            self._values["metric_collection_period"] = metric_collection_period
        if metric_collection_start_time is not None:
            self._values["metric_collection_start_time"] = metric_collection_start_time
        if metric_name is not None:
            self._values["metric_name"] = metric_name
        if metric_stat is not None:
            self._values["metric_stat"] = metric_stat
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if min_value is not None:
            self._values["min_value"] = min_value
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def dimensions(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions"]]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#dimensions
        '''
        result = self._values.get("dimensions")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions"]], result)

    @builtins.property
    def metric_collection_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#metricCollectionPeriod
        '''
        result = self._values.get("metric_collection_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_collection_start_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#metricCollectionStartTime
        '''
        result = self._values.get("metric_collection_start_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#metricName
        '''
        result = self._values.get("metric_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_stat(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#metricStat
        '''
        result = self._values.get("metric_stat")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType"], result)

    @builtins.property
    def min_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#minValue
        '''
        result = self._values.get("min_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__35468630a8001563a4cad3e3c0999f037f9fbadd3222bd901b5cd311cc3bf820)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType"
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType(
    enum.Enum,
):
    '''
    :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType"
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType(
    enum.Enum,
):
    '''
    :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "custom_headers": "customHeaders",
        "metric_type": "metricType",
        "name": "name",
        "namespace": "namespace",
        "query": "query",
        "server_address": "serverAddress",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        custom_headers: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType"] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        query: typing.Optional[builtins.str] = None,
        server_address: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param custom_headers: 
        :param metric_type: 
        :param name: 
        :param namespace: 
        :param query: 
        :param server_address: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__be796c6b997d38e9d4f2d8b1140b861957ee5c2f887a73797c30c9eb4164f9fd)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument custom_headers", value=custom_headers, expected_type=type_hints["custom_headers"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument query", value=query, expected_type=type_hints["query"])
            check_type(argname="argument server_address", value=server_address, expected_type=type_hints["server_address"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if custom_headers is not None:
            self._values["custom_headers"] = custom_headers
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if query is not None:
            self._values["query"] = query
        if server_address is not None:
            self._values["server_address"] = server_address
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def custom_headers(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#customHeaders
        '''
        result = self._values.get("custom_headers")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def query(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#query
        '''
        result = self._values.get("query")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def server_address(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#serverAddress
        '''
        result = self._values.get("server_address")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "custom_headers": "customHeaders",
        "metric_type": "metricType",
        "name": "name",
        "namespace": "namespace",
        "query": "query",
        "server_address": "serverAddress",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        custom_headers: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType"] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        query: typing.Optional[builtins.str] = None,
        server_address: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param custom_headers: 
        :param metric_type: 
        :param name: 
        :param namespace: 
        :param query: 
        :param server_address: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0a15122f2d478e1353f316b8deb050e9f0de93d56853b677de235a074f7fce24)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument custom_headers", value=custom_headers, expected_type=type_hints["custom_headers"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument query", value=query, expected_type=type_hints["query"])
            check_type(argname="argument server_address", value=server_address, expected_type=type_hints["server_address"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if custom_headers is not None:
            self._values["custom_headers"] = custom_headers
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if query is not None:
            self._values["query"] = query
        if server_address is not None:
            self._values["server_address"] = server_address
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def custom_headers(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#customHeaders
        '''
        result = self._values.get("custom_headers")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType"]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def query(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#query
        '''
        result = self._values.get("query")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def server_address(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#serverAddress
        '''
        result = self._values.get("server_address")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType"
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType(
    enum.Enum,
):
    '''
    :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType"
)
class JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType(
    enum.Enum,
):
    '''
    :schema: JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy"
)
class JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy(enum.Enum):
    '''
    :schema: JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy
    '''

    PREFIXAWARE = "PREFIXAWARE"
    '''prefixaware.'''
    KVAWARE = "KVAWARE"
    '''kvaware.'''
    SESSION = "SESSION"
    '''session.'''
    ROUNDROBIN = "ROUNDROBIN"
    '''roundrobin.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecKvCacheSpec",
    jsii_struct_bases=[],
    name_mapping={
        "cache_config_file": "cacheConfigFile",
        "enable_l1_cache": "enableL1Cache",
        "enable_l2_cache": "enableL2Cache",
        "l2_cache_spec": "l2CacheSpec",
    },
)
class JumpStartModelSpecKvCacheSpec:
    def __init__(
        self,
        *,
        cache_config_file: typing.Optional[builtins.str] = None,
        enable_l1_cache: typing.Optional[builtins.bool] = None,
        enable_l2_cache: typing.Optional[builtins.bool] = None,
        l2_cache_spec: typing.Optional[typing.Union["JumpStartModelSpecKvCacheSpecL2CacheSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param cache_config_file: 
        :param enable_l1_cache: 
        :param enable_l2_cache: 
        :param l2_cache_spec: 

        :schema: JumpStartModelSpecKvCacheSpec
        '''
        if isinstance(l2_cache_spec, dict):
            l2_cache_spec = JumpStartModelSpecKvCacheSpecL2CacheSpec(**l2_cache_spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__10cb1230bafc7632d1c2970921f6473f306f3d98f80366dd9200c2da0451ce31)
            check_type(argname="argument cache_config_file", value=cache_config_file, expected_type=type_hints["cache_config_file"])
            check_type(argname="argument enable_l1_cache", value=enable_l1_cache, expected_type=type_hints["enable_l1_cache"])
            check_type(argname="argument enable_l2_cache", value=enable_l2_cache, expected_type=type_hints["enable_l2_cache"])
            check_type(argname="argument l2_cache_spec", value=l2_cache_spec, expected_type=type_hints["l2_cache_spec"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if cache_config_file is not None:
            self._values["cache_config_file"] = cache_config_file
        if enable_l1_cache is not None:
            self._values["enable_l1_cache"] = enable_l1_cache
        if enable_l2_cache is not None:
            self._values["enable_l2_cache"] = enable_l2_cache
        if l2_cache_spec is not None:
            self._values["l2_cache_spec"] = l2_cache_spec

    @builtins.property
    def cache_config_file(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecKvCacheSpec#cacheConfigFile
        '''
        result = self._values.get("cache_config_file")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def enable_l1_cache(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecKvCacheSpec#enableL1Cache
        '''
        result = self._values.get("enable_l1_cache")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def enable_l2_cache(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecKvCacheSpec#enableL2Cache
        '''
        result = self._values.get("enable_l2_cache")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def l2_cache_spec(
        self,
    ) -> typing.Optional["JumpStartModelSpecKvCacheSpecL2CacheSpec"]:
        '''
        :schema: JumpStartModelSpecKvCacheSpec#l2CacheSpec
        '''
        result = self._values.get("l2_cache_spec")
        return typing.cast(typing.Optional["JumpStartModelSpecKvCacheSpecL2CacheSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecKvCacheSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecKvCacheSpecL2CacheSpec",
    jsii_struct_bases=[],
    name_mapping={
        "l2_cache_backend": "l2CacheBackend",
        "l2_cache_local_url": "l2CacheLocalUrl",
    },
)
class JumpStartModelSpecKvCacheSpecL2CacheSpec:
    def __init__(
        self,
        *,
        l2_cache_backend: typing.Optional[builtins.str] = None,
        l2_cache_local_url: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param l2_cache_backend: 
        :param l2_cache_local_url: 

        :schema: JumpStartModelSpecKvCacheSpecL2CacheSpec
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__932bb9ea5a474c3c6d9c7e2616e73c1987c9dabb0bb5a661ae50ec3b0c4b6f3e)
            check_type(argname="argument l2_cache_backend", value=l2_cache_backend, expected_type=type_hints["l2_cache_backend"])
            check_type(argname="argument l2_cache_local_url", value=l2_cache_local_url, expected_type=type_hints["l2_cache_local_url"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if l2_cache_backend is not None:
            self._values["l2_cache_backend"] = l2_cache_backend
        if l2_cache_local_url is not None:
            self._values["l2_cache_local_url"] = l2_cache_local_url

    @builtins.property
    def l2_cache_backend(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecKvCacheSpecL2CacheSpec#l2CacheBackend
        '''
        result = self._values.get("l2_cache_backend")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def l2_cache_local_url(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecKvCacheSpecL2CacheSpec#l2CacheLocalUrl
        '''
        result = self._values.get("l2_cache_local_url")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecKvCacheSpecL2CacheSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecLoadBalancer",
    jsii_struct_bases=[],
    name_mapping={
        "health_check_path": "healthCheckPath",
        "idle_timeout_seconds": "idleTimeoutSeconds",
        "routing_algorithm": "routingAlgorithm",
    },
)
class JumpStartModelSpecLoadBalancer:
    def __init__(
        self,
        *,
        health_check_path: typing.Optional[builtins.str] = None,
        idle_timeout_seconds: typing.Optional[jsii.Number] = None,
        routing_algorithm: typing.Optional["JumpStartModelSpecLoadBalancerRoutingAlgorithm"] = None,
    ) -> None:
        '''
        :param health_check_path: 
        :param idle_timeout_seconds: 
        :param routing_algorithm: 

        :schema: JumpStartModelSpecLoadBalancer
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__94d3fcc58d9ccb2ca1ed3cd44c827725f12bd86e5498ba4eb0718e318f097c63)
            check_type(argname="argument health_check_path", value=health_check_path, expected_type=type_hints["health_check_path"])
            check_type(argname="argument idle_timeout_seconds", value=idle_timeout_seconds, expected_type=type_hints["idle_timeout_seconds"])
            check_type(argname="argument routing_algorithm", value=routing_algorithm, expected_type=type_hints["routing_algorithm"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if health_check_path is not None:
            self._values["health_check_path"] = health_check_path
        if idle_timeout_seconds is not None:
            self._values["idle_timeout_seconds"] = idle_timeout_seconds
        if routing_algorithm is not None:
            self._values["routing_algorithm"] = routing_algorithm

    @builtins.property
    def health_check_path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecLoadBalancer#healthCheckPath
        '''
        result = self._values.get("health_check_path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def idle_timeout_seconds(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecLoadBalancer#idleTimeoutSeconds
        '''
        result = self._values.get("idle_timeout_seconds")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def routing_algorithm(
        self,
    ) -> typing.Optional["JumpStartModelSpecLoadBalancerRoutingAlgorithm"]:
        '''
        :schema: JumpStartModelSpecLoadBalancer#routingAlgorithm
        '''
        result = self._values.get("routing_algorithm")
        return typing.cast(typing.Optional["JumpStartModelSpecLoadBalancerRoutingAlgorithm"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecLoadBalancer(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecLoadBalancerRoutingAlgorithm"
)
class JumpStartModelSpecLoadBalancerRoutingAlgorithm(enum.Enum):
    '''
    :schema: JumpStartModelSpecLoadBalancerRoutingAlgorithm
    '''

    LEAST_UNDERSCORE_OUTSTANDING_UNDERSCORE_REQUESTS = "LEAST_UNDERSCORE_OUTSTANDING_UNDERSCORE_REQUESTS"
    '''least_outstanding_requests.'''
    ROUND_UNDERSCORE_ROBIN = "ROUND_UNDERSCORE_ROBIN"
    '''round_robin.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecMetrics",
    jsii_struct_bases=[],
    name_mapping={
        "enabled": "enabled",
        "metrics_scrape_interval_seconds": "metricsScrapeIntervalSeconds",
        "model_metrics": "modelMetrics",
    },
)
class JumpStartModelSpecMetrics:
    def __init__(
        self,
        *,
        enabled: typing.Optional[builtins.bool] = None,
        metrics_scrape_interval_seconds: typing.Optional[jsii.Number] = None,
        model_metrics: typing.Optional[typing.Union["JumpStartModelSpecMetricsModelMetrics", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param enabled: 
        :param metrics_scrape_interval_seconds: 
        :param model_metrics: 

        :schema: JumpStartModelSpecMetrics
        '''
        if isinstance(model_metrics, dict):
            model_metrics = JumpStartModelSpecMetricsModelMetrics(**model_metrics)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__68d05f99f167d8f2c5446d1f70efc0ebfcbcd95dc878c2bc255e4eec9f19e980)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument metrics_scrape_interval_seconds", value=metrics_scrape_interval_seconds, expected_type=type_hints["metrics_scrape_interval_seconds"])
            check_type(argname="argument model_metrics", value=model_metrics, expected_type=type_hints["model_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if enabled is not None:
            self._values["enabled"] = enabled
        if metrics_scrape_interval_seconds is not None:
            self._values["metrics_scrape_interval_seconds"] = metrics_scrape_interval_seconds
        if model_metrics is not None:
            self._values["model_metrics"] = model_metrics

    @builtins.property
    def enabled(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecMetrics#enabled
        '''
        result = self._values.get("enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def metrics_scrape_interval_seconds(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecMetrics#metricsScrapeIntervalSeconds
        '''
        result = self._values.get("metrics_scrape_interval_seconds")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def model_metrics(self) -> typing.Optional["JumpStartModelSpecMetricsModelMetrics"]:
        '''
        :schema: JumpStartModelSpecMetrics#modelMetrics
        '''
        result = self._values.get("model_metrics")
        return typing.cast(typing.Optional["JumpStartModelSpecMetricsModelMetrics"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecMetrics(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecMetricsModelMetrics",
    jsii_struct_bases=[],
    name_mapping={"path": "path", "port": "port"},
)
class JumpStartModelSpecMetricsModelMetrics:
    def __init__(
        self,
        *,
        path: typing.Optional[builtins.str] = None,
        port: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param path: 
        :param port: 

        :schema: JumpStartModelSpecMetricsModelMetrics
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7111c4be42b10e6c3bd8a72babe710ed904b3073b5d79fd81997f33128995734)
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument port", value=port, expected_type=type_hints["port"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if path is not None:
            self._values["path"] = path
        if port is not None:
            self._values["port"] = port

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecMetricsModelMetrics#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def port(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelSpecMetricsModelMetrics#port
        '''
        result = self._values.get("port")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecMetricsModelMetrics(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecModel",
    jsii_struct_bases=[],
    name_mapping={
        "accept_eula": "acceptEula",
        "model_id": "modelId",
        "additional_configs": "additionalConfigs",
        "gated_model_download_role": "gatedModelDownloadRole",
        "model_hub_name": "modelHubName",
        "model_version": "modelVersion",
    },
)
class JumpStartModelSpecModel:
    def __init__(
        self,
        *,
        accept_eula: builtins.bool,
        model_id: builtins.str,
        additional_configs: typing.Optional[typing.Sequence[typing.Union["JumpStartModelSpecModelAdditionalConfigs", typing.Dict[builtins.str, typing.Any]]]] = None,
        gated_model_download_role: typing.Optional[builtins.str] = None,
        model_hub_name: typing.Optional[builtins.str] = None,
        model_version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param accept_eula: 
        :param model_id: 
        :param additional_configs: 
        :param gated_model_download_role: 
        :param model_hub_name: 
        :param model_version: 

        :schema: JumpStartModelSpecModel
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__36c0270d1becbc4b3528e9de6b10046f452a2ccdecc758b7611944e6b4def444)
            check_type(argname="argument accept_eula", value=accept_eula, expected_type=type_hints["accept_eula"])
            check_type(argname="argument model_id", value=model_id, expected_type=type_hints["model_id"])
            check_type(argname="argument additional_configs", value=additional_configs, expected_type=type_hints["additional_configs"])
            check_type(argname="argument gated_model_download_role", value=gated_model_download_role, expected_type=type_hints["gated_model_download_role"])
            check_type(argname="argument model_hub_name", value=model_hub_name, expected_type=type_hints["model_hub_name"])
            check_type(argname="argument model_version", value=model_version, expected_type=type_hints["model_version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "accept_eula": accept_eula,
            "model_id": model_id,
        }
        if additional_configs is not None:
            self._values["additional_configs"] = additional_configs
        if gated_model_download_role is not None:
            self._values["gated_model_download_role"] = gated_model_download_role
        if model_hub_name is not None:
            self._values["model_hub_name"] = model_hub_name
        if model_version is not None:
            self._values["model_version"] = model_version

    @builtins.property
    def accept_eula(self) -> builtins.bool:
        '''
        :schema: JumpStartModelSpecModel#acceptEula
        '''
        result = self._values.get("accept_eula")
        assert result is not None, "Required property 'accept_eula' is missing"
        return typing.cast(builtins.bool, result)

    @builtins.property
    def model_id(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecModel#modelId
        '''
        result = self._values.get("model_id")
        assert result is not None, "Required property 'model_id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def additional_configs(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelSpecModelAdditionalConfigs"]]:
        '''
        :schema: JumpStartModelSpecModel#additionalConfigs
        '''
        result = self._values.get("additional_configs")
        return typing.cast(typing.Optional[typing.List["JumpStartModelSpecModelAdditionalConfigs"]], result)

    @builtins.property
    def gated_model_download_role(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecModel#gatedModelDownloadRole
        '''
        result = self._values.get("gated_model_download_role")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def model_hub_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecModel#modelHubName
        '''
        result = self._values.get("model_hub_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def model_version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecModel#modelVersion
        '''
        result = self._values.get("model_version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecModel(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecModelAdditionalConfigs",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelSpecModelAdditionalConfigs:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelSpecModelAdditionalConfigs
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7bcc6b46b873c292606ceca8700ee53ac93b0164e1ff11992f9722b6ad53eabf)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecModelAdditionalConfigs#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecModelAdditionalConfigs#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecModelAdditionalConfigs(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecModelCacheConfig",
    jsii_struct_bases=[],
    name_mapping={"image_cache": "imageCache", "weights_cache": "weightsCache"},
)
class JumpStartModelSpecModelCacheConfig:
    def __init__(
        self,
        *,
        image_cache: typing.Optional[typing.Union["JumpStartModelSpecModelCacheConfigImageCache", typing.Dict[builtins.str, typing.Any]]] = None,
        weights_cache: typing.Optional[typing.Union["JumpStartModelSpecModelCacheConfigWeightsCache", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param image_cache: 
        :param weights_cache: 

        :schema: JumpStartModelSpecModelCacheConfig
        '''
        if isinstance(image_cache, dict):
            image_cache = JumpStartModelSpecModelCacheConfigImageCache(**image_cache)
        if isinstance(weights_cache, dict):
            weights_cache = JumpStartModelSpecModelCacheConfigWeightsCache(**weights_cache)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7455713220655a6dd6fcc72332603ca70aa77d5e10e5a8ce9164dd6121c1d499)
            check_type(argname="argument image_cache", value=image_cache, expected_type=type_hints["image_cache"])
            check_type(argname="argument weights_cache", value=weights_cache, expected_type=type_hints["weights_cache"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if image_cache is not None:
            self._values["image_cache"] = image_cache
        if weights_cache is not None:
            self._values["weights_cache"] = weights_cache

    @builtins.property
    def image_cache(
        self,
    ) -> typing.Optional["JumpStartModelSpecModelCacheConfigImageCache"]:
        '''
        :schema: JumpStartModelSpecModelCacheConfig#imageCache
        '''
        result = self._values.get("image_cache")
        return typing.cast(typing.Optional["JumpStartModelSpecModelCacheConfigImageCache"], result)

    @builtins.property
    def weights_cache(
        self,
    ) -> typing.Optional["JumpStartModelSpecModelCacheConfigWeightsCache"]:
        '''
        :schema: JumpStartModelSpecModelCacheConfig#weightsCache
        '''
        result = self._values.get("weights_cache")
        return typing.cast(typing.Optional["JumpStartModelSpecModelCacheConfigWeightsCache"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecModelCacheConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecModelCacheConfigImageCache",
    jsii_struct_bases=[],
    name_mapping={"enabled": "enabled"},
)
class JumpStartModelSpecModelCacheConfigImageCache:
    def __init__(self, *, enabled: builtins.bool) -> None:
        '''
        :param enabled: 

        :schema: JumpStartModelSpecModelCacheConfigImageCache
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__138c4ca8d761d2866284b6194c97327b98a9bb3110e51bf9cc8c71555f61ccaf)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "enabled": enabled,
        }

    @builtins.property
    def enabled(self) -> builtins.bool:
        '''
        :schema: JumpStartModelSpecModelCacheConfigImageCache#enabled
        '''
        result = self._values.get("enabled")
        assert result is not None, "Required property 'enabled' is missing"
        return typing.cast(builtins.bool, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecModelCacheConfigImageCache(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecModelCacheConfigWeightsCache",
    jsii_struct_bases=[],
    name_mapping={"enabled": "enabled", "host_path": "hostPath"},
)
class JumpStartModelSpecModelCacheConfigWeightsCache:
    def __init__(
        self,
        *,
        enabled: typing.Optional[builtins.bool] = None,
        host_path: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param enabled: 
        :param host_path: 

        :schema: JumpStartModelSpecModelCacheConfigWeightsCache
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e8bfc38cf9b07ea8c387ea204909dd4c274d0cd91bf06d301d8ef4f41d3947cf)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument host_path", value=host_path, expected_type=type_hints["host_path"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if enabled is not None:
            self._values["enabled"] = enabled
        if host_path is not None:
            self._values["host_path"] = host_path

    @builtins.property
    def enabled(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecModelCacheConfigWeightsCache#enabled
        '''
        result = self._values.get("enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def host_path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecModelCacheConfigWeightsCache#hostPath
        '''
        result = self._values.get("host_path")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecModelCacheConfigWeightsCache(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecSageMakerEndpoint",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class JumpStartModelSpecSageMakerEndpoint:
    def __init__(self, *, name: typing.Optional[builtins.str] = None) -> None:
        '''
        :param name: 

        :schema: JumpStartModelSpecSageMakerEndpoint
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5d5c4787c0eb9b793b5ffb762e530fe9ccb2bbb62d01c8aed46b10512e23d447)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecSageMakerEndpoint#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecSageMakerEndpoint(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecServer",
    jsii_struct_bases=[],
    name_mapping={
        "instance_type": "instanceType",
        "accelerator_partition_type": "acceleratorPartitionType",
        "execution_role": "executionRole",
        "validations": "validations",
    },
)
class JumpStartModelSpecServer:
    def __init__(
        self,
        *,
        instance_type: builtins.str,
        accelerator_partition_type: typing.Optional[builtins.str] = None,
        execution_role: typing.Optional[builtins.str] = None,
        validations: typing.Optional[typing.Union["JumpStartModelSpecServerValidations", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param instance_type: 
        :param accelerator_partition_type: 
        :param execution_role: 
        :param validations: 

        :schema: JumpStartModelSpecServer
        '''
        if isinstance(validations, dict):
            validations = JumpStartModelSpecServerValidations(**validations)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0b9793df02f761dfecc3450bf8a05bf1877a0766463f353a2d07e92823ec7457)
            check_type(argname="argument instance_type", value=instance_type, expected_type=type_hints["instance_type"])
            check_type(argname="argument accelerator_partition_type", value=accelerator_partition_type, expected_type=type_hints["accelerator_partition_type"])
            check_type(argname="argument execution_role", value=execution_role, expected_type=type_hints["execution_role"])
            check_type(argname="argument validations", value=validations, expected_type=type_hints["validations"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "instance_type": instance_type,
        }
        if accelerator_partition_type is not None:
            self._values["accelerator_partition_type"] = accelerator_partition_type
        if execution_role is not None:
            self._values["execution_role"] = execution_role
        if validations is not None:
            self._values["validations"] = validations

    @builtins.property
    def instance_type(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecServer#instanceType
        '''
        result = self._values.get("instance_type")
        assert result is not None, "Required property 'instance_type' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def accelerator_partition_type(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecServer#acceleratorPartitionType
        '''
        result = self._values.get("accelerator_partition_type")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def execution_role(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecServer#executionRole
        '''
        result = self._values.get("execution_role")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def validations(self) -> typing.Optional["JumpStartModelSpecServerValidations"]:
        '''
        :schema: JumpStartModelSpecServer#validations
        '''
        result = self._values.get("validations")
        return typing.cast(typing.Optional["JumpStartModelSpecServerValidations"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecServer(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecServerValidations",
    jsii_struct_bases=[],
    name_mapping={
        "accelerator_partition_validation": "acceleratorPartitionValidation",
    },
)
class JumpStartModelSpecServerValidations:
    def __init__(
        self,
        *,
        accelerator_partition_validation: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param accelerator_partition_validation: 

        :schema: JumpStartModelSpecServerValidations
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__819ccc1f18f069ddf16af28655ec79ad72dd510a0e27b6be65e64f74f3357648)
            check_type(argname="argument accelerator_partition_validation", value=accelerator_partition_validation, expected_type=type_hints["accelerator_partition_validation"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if accelerator_partition_validation is not None:
            self._values["accelerator_partition_validation"] = accelerator_partition_validation

    @builtins.property
    def accelerator_partition_validation(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelSpecServerValidations#acceleratorPartitionValidation
        '''
        result = self._values.get("accelerator_partition_validation")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecServerValidations(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecTlsConfig",
    jsii_struct_bases=[],
    name_mapping={
        "custom_certificate_config": "customCertificateConfig",
        "tls_certificate_output_s3_uri": "tlsCertificateOutputS3Uri",
    },
)
class JumpStartModelSpecTlsConfig:
    def __init__(
        self,
        *,
        custom_certificate_config: typing.Optional[typing.Union["JumpStartModelSpecTlsConfigCustomCertificateConfig", typing.Dict[builtins.str, typing.Any]]] = None,
        tls_certificate_output_s3_uri: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param custom_certificate_config: 
        :param tls_certificate_output_s3_uri: 

        :schema: JumpStartModelSpecTlsConfig
        '''
        if isinstance(custom_certificate_config, dict):
            custom_certificate_config = JumpStartModelSpecTlsConfigCustomCertificateConfig(**custom_certificate_config)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__933a8c58a0294f45abe523afb66d923a368583911a9ff140145995f6ae2eb513)
            check_type(argname="argument custom_certificate_config", value=custom_certificate_config, expected_type=type_hints["custom_certificate_config"])
            check_type(argname="argument tls_certificate_output_s3_uri", value=tls_certificate_output_s3_uri, expected_type=type_hints["tls_certificate_output_s3_uri"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if custom_certificate_config is not None:
            self._values["custom_certificate_config"] = custom_certificate_config
        if tls_certificate_output_s3_uri is not None:
            self._values["tls_certificate_output_s3_uri"] = tls_certificate_output_s3_uri

    @builtins.property
    def custom_certificate_config(
        self,
    ) -> typing.Optional["JumpStartModelSpecTlsConfigCustomCertificateConfig"]:
        '''
        :schema: JumpStartModelSpecTlsConfig#customCertificateConfig
        '''
        result = self._values.get("custom_certificate_config")
        return typing.cast(typing.Optional["JumpStartModelSpecTlsConfigCustomCertificateConfig"], result)

    @builtins.property
    def tls_certificate_output_s3_uri(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelSpecTlsConfig#tlsCertificateOutputS3Uri
        '''
        result = self._values.get("tls_certificate_output_s3_uri")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecTlsConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelSpecTlsConfigCustomCertificateConfig",
    jsii_struct_bases=[],
    name_mapping={"acm_arn": "acmArn", "domain_name": "domainName"},
)
class JumpStartModelSpecTlsConfigCustomCertificateConfig:
    def __init__(self, *, acm_arn: builtins.str, domain_name: builtins.str) -> None:
        '''
        :param acm_arn: 
        :param domain_name: 

        :schema: JumpStartModelSpecTlsConfigCustomCertificateConfig
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9bde30aa1061efd2809e7e7c362bc7c9caf2db099794606ea7e358e703bbab99)
            check_type(argname="argument acm_arn", value=acm_arn, expected_type=type_hints["acm_arn"])
            check_type(argname="argument domain_name", value=domain_name, expected_type=type_hints["domain_name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "acm_arn": acm_arn,
            "domain_name": domain_name,
        }

    @builtins.property
    def acm_arn(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecTlsConfigCustomCertificateConfig#acmArn
        '''
        result = self._values.get("acm_arn")
        assert result is not None, "Required property 'acm_arn' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def domain_name(self) -> builtins.str:
        '''
        :schema: JumpStartModelSpecTlsConfigCustomCertificateConfig#domainName
        '''
        result = self._values.get("domain_name")
        assert result is not None, "Required property 'domain_name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelSpecTlsConfigCustomCertificateConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


class JumpStartModelV1Alpha1(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1",
):
    '''
    :schema: JumpStartModelV1Alpha1
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["JumpStartModelV1Alpha1Spec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "JumpStartModelV1Alpha1" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: 
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__261e59ba914729263b750d026951a5c3f000beaea88c7c53d71243540b543c34)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = JumpStartModelV1Alpha1Props(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["JumpStartModelV1Alpha1Spec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "JumpStartModelV1Alpha1".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: 
        '''
        props = JumpStartModelV1Alpha1Props(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "JumpStartModelV1Alpha1".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1Props",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class JumpStartModelV1Alpha1Props:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["JumpStartModelV1Alpha1Spec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param metadata: 
        :param spec: 

        :schema: JumpStartModelV1Alpha1
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = JumpStartModelV1Alpha1Spec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e28d39fe7eae30a2a0b70a6c3e89dbab555808978c5a7183842869446a11ae35)
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if metadata is not None:
            self._values["metadata"] = metadata
        if spec is not None:
            self._values["spec"] = spec

    @builtins.property
    def metadata(self) -> typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"]:
        '''
        :schema: JumpStartModelV1Alpha1#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["JumpStartModelV1Alpha1Spec"]:
        '''
        :schema: JumpStartModelV1Alpha1#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1Spec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1Props(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1Spec",
    jsii_struct_bases=[],
    name_mapping={
        "model": "model",
        "server": "server",
        "auto_scaling_spec": "autoScalingSpec",
        "environment_variables": "environmentVariables",
        "load_balancer": "loadBalancer",
        "max_deploy_time_in_seconds": "maxDeployTimeInSeconds",
        "metrics": "metrics",
        "replicas": "replicas",
        "sage_maker_endpoint": "sageMakerEndpoint",
        "tls_config": "tlsConfig",
    },
)
class JumpStartModelV1Alpha1Spec:
    def __init__(
        self,
        *,
        model: typing.Union["JumpStartModelV1Alpha1SpecModel", typing.Dict[builtins.str, typing.Any]],
        server: typing.Union["JumpStartModelV1Alpha1SpecServer", typing.Dict[builtins.str, typing.Any]],
        auto_scaling_spec: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecAutoScalingSpec", typing.Dict[builtins.str, typing.Any]]] = None,
        environment_variables: typing.Optional[typing.Sequence[typing.Union["JumpStartModelV1Alpha1SpecEnvironmentVariables", typing.Dict[builtins.str, typing.Any]]]] = None,
        load_balancer: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecLoadBalancer", typing.Dict[builtins.str, typing.Any]]] = None,
        max_deploy_time_in_seconds: typing.Optional[jsii.Number] = None,
        metrics: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecMetrics", typing.Dict[builtins.str, typing.Any]]] = None,
        replicas: typing.Optional[jsii.Number] = None,
        sage_maker_endpoint: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecSageMakerEndpoint", typing.Dict[builtins.str, typing.Any]]] = None,
        tls_config: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecTlsConfig", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param model: 
        :param server: 
        :param auto_scaling_spec: 
        :param environment_variables: 
        :param load_balancer: 
        :param max_deploy_time_in_seconds: 
        :param metrics: 
        :param replicas: 
        :param sage_maker_endpoint: 
        :param tls_config: 

        :schema: JumpStartModelV1Alpha1Spec
        '''
        if isinstance(model, dict):
            model = JumpStartModelV1Alpha1SpecModel(**model)
        if isinstance(server, dict):
            server = JumpStartModelV1Alpha1SpecServer(**server)
        if isinstance(auto_scaling_spec, dict):
            auto_scaling_spec = JumpStartModelV1Alpha1SpecAutoScalingSpec(**auto_scaling_spec)
        if isinstance(load_balancer, dict):
            load_balancer = JumpStartModelV1Alpha1SpecLoadBalancer(**load_balancer)
        if isinstance(metrics, dict):
            metrics = JumpStartModelV1Alpha1SpecMetrics(**metrics)
        if isinstance(sage_maker_endpoint, dict):
            sage_maker_endpoint = JumpStartModelV1Alpha1SpecSageMakerEndpoint(**sage_maker_endpoint)
        if isinstance(tls_config, dict):
            tls_config = JumpStartModelV1Alpha1SpecTlsConfig(**tls_config)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__36745bb83924d17788e1ab9e0390d921e21b1c58afe430a28a04dff96aee2ed5)
            check_type(argname="argument model", value=model, expected_type=type_hints["model"])
            check_type(argname="argument server", value=server, expected_type=type_hints["server"])
            check_type(argname="argument auto_scaling_spec", value=auto_scaling_spec, expected_type=type_hints["auto_scaling_spec"])
            check_type(argname="argument environment_variables", value=environment_variables, expected_type=type_hints["environment_variables"])
            check_type(argname="argument load_balancer", value=load_balancer, expected_type=type_hints["load_balancer"])
            check_type(argname="argument max_deploy_time_in_seconds", value=max_deploy_time_in_seconds, expected_type=type_hints["max_deploy_time_in_seconds"])
            check_type(argname="argument metrics", value=metrics, expected_type=type_hints["metrics"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument sage_maker_endpoint", value=sage_maker_endpoint, expected_type=type_hints["sage_maker_endpoint"])
            check_type(argname="argument tls_config", value=tls_config, expected_type=type_hints["tls_config"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "model": model,
            "server": server,
        }
        if auto_scaling_spec is not None:
            self._values["auto_scaling_spec"] = auto_scaling_spec
        if environment_variables is not None:
            self._values["environment_variables"] = environment_variables
        if load_balancer is not None:
            self._values["load_balancer"] = load_balancer
        if max_deploy_time_in_seconds is not None:
            self._values["max_deploy_time_in_seconds"] = max_deploy_time_in_seconds
        if metrics is not None:
            self._values["metrics"] = metrics
        if replicas is not None:
            self._values["replicas"] = replicas
        if sage_maker_endpoint is not None:
            self._values["sage_maker_endpoint"] = sage_maker_endpoint
        if tls_config is not None:
            self._values["tls_config"] = tls_config

    @builtins.property
    def model(self) -> "JumpStartModelV1Alpha1SpecModel":
        '''
        :schema: JumpStartModelV1Alpha1Spec#model
        '''
        result = self._values.get("model")
        assert result is not None, "Required property 'model' is missing"
        return typing.cast("JumpStartModelV1Alpha1SpecModel", result)

    @builtins.property
    def server(self) -> "JumpStartModelV1Alpha1SpecServer":
        '''
        :schema: JumpStartModelV1Alpha1Spec#server
        '''
        result = self._values.get("server")
        assert result is not None, "Required property 'server' is missing"
        return typing.cast("JumpStartModelV1Alpha1SpecServer", result)

    @builtins.property
    def auto_scaling_spec(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpec"]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#autoScalingSpec
        '''
        result = self._values.get("auto_scaling_spec")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpec"], result)

    @builtins.property
    def environment_variables(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelV1Alpha1SpecEnvironmentVariables"]]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#environmentVariables
        '''
        result = self._values.get("environment_variables")
        return typing.cast(typing.Optional[typing.List["JumpStartModelV1Alpha1SpecEnvironmentVariables"]], result)

    @builtins.property
    def load_balancer(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecLoadBalancer"]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#loadBalancer
        '''
        result = self._values.get("load_balancer")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecLoadBalancer"], result)

    @builtins.property
    def max_deploy_time_in_seconds(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#maxDeployTimeInSeconds
        '''
        result = self._values.get("max_deploy_time_in_seconds")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metrics(self) -> typing.Optional["JumpStartModelV1Alpha1SpecMetrics"]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#metrics
        '''
        result = self._values.get("metrics")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecMetrics"], result)

    @builtins.property
    def replicas(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def sage_maker_endpoint(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecSageMakerEndpoint"]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#sageMakerEndpoint
        '''
        result = self._values.get("sage_maker_endpoint")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecSageMakerEndpoint"], result)

    @builtins.property
    def tls_config(self) -> typing.Optional["JumpStartModelV1Alpha1SpecTlsConfig"]:
        '''
        :schema: JumpStartModelV1Alpha1Spec#tlsConfig
        '''
        result = self._values.get("tls_config")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecTlsConfig"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1Spec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecAutoScalingSpec",
    jsii_struct_bases=[],
    name_mapping={
        "cloud_watch_trigger": "cloudWatchTrigger",
        "cooldown_period": "cooldownPeriod",
        "initial_cooldown_period": "initialCooldownPeriod",
        "max_replica_count": "maxReplicaCount",
        "min_replica_count": "minReplicaCount",
        "polling_interval": "pollingInterval",
        "prometheus_trigger": "prometheusTrigger",
        "scale_down_stabilization_time": "scaleDownStabilizationTime",
        "scale_up_stabilization_time": "scaleUpStabilizationTime",
    },
)
class JumpStartModelV1Alpha1SpecAutoScalingSpec:
    def __init__(
        self,
        *,
        cloud_watch_trigger: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger", typing.Dict[builtins.str, typing.Any]]] = None,
        cooldown_period: typing.Optional[jsii.Number] = None,
        initial_cooldown_period: typing.Optional[jsii.Number] = None,
        max_replica_count: typing.Optional[jsii.Number] = None,
        min_replica_count: typing.Optional[jsii.Number] = None,
        polling_interval: typing.Optional[jsii.Number] = None,
        prometheus_trigger: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger", typing.Dict[builtins.str, typing.Any]]] = None,
        scale_down_stabilization_time: typing.Optional[jsii.Number] = None,
        scale_up_stabilization_time: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param cloud_watch_trigger: 
        :param cooldown_period: 
        :param initial_cooldown_period: 
        :param max_replica_count: 
        :param min_replica_count: 
        :param polling_interval: 
        :param prometheus_trigger: 
        :param scale_down_stabilization_time: 
        :param scale_up_stabilization_time: 

        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec
        '''
        if isinstance(cloud_watch_trigger, dict):
            cloud_watch_trigger = JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger(**cloud_watch_trigger)
        if isinstance(prometheus_trigger, dict):
            prometheus_trigger = JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger(**prometheus_trigger)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__fafb32b08181af872db05f0dddfa3d490d0496b58044b5a9ecf286b5cd275567)
            check_type(argname="argument cloud_watch_trigger", value=cloud_watch_trigger, expected_type=type_hints["cloud_watch_trigger"])
            check_type(argname="argument cooldown_period", value=cooldown_period, expected_type=type_hints["cooldown_period"])
            check_type(argname="argument initial_cooldown_period", value=initial_cooldown_period, expected_type=type_hints["initial_cooldown_period"])
            check_type(argname="argument max_replica_count", value=max_replica_count, expected_type=type_hints["max_replica_count"])
            check_type(argname="argument min_replica_count", value=min_replica_count, expected_type=type_hints["min_replica_count"])
            check_type(argname="argument polling_interval", value=polling_interval, expected_type=type_hints["polling_interval"])
            check_type(argname="argument prometheus_trigger", value=prometheus_trigger, expected_type=type_hints["prometheus_trigger"])
            check_type(argname="argument scale_down_stabilization_time", value=scale_down_stabilization_time, expected_type=type_hints["scale_down_stabilization_time"])
            check_type(argname="argument scale_up_stabilization_time", value=scale_up_stabilization_time, expected_type=type_hints["scale_up_stabilization_time"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if cloud_watch_trigger is not None:
            self._values["cloud_watch_trigger"] = cloud_watch_trigger
        if cooldown_period is not None:
            self._values["cooldown_period"] = cooldown_period
        if initial_cooldown_period is not None:
            self._values["initial_cooldown_period"] = initial_cooldown_period
        if max_replica_count is not None:
            self._values["max_replica_count"] = max_replica_count
        if min_replica_count is not None:
            self._values["min_replica_count"] = min_replica_count
        if polling_interval is not None:
            self._values["polling_interval"] = polling_interval
        if prometheus_trigger is not None:
            self._values["prometheus_trigger"] = prometheus_trigger
        if scale_down_stabilization_time is not None:
            self._values["scale_down_stabilization_time"] = scale_down_stabilization_time
        if scale_up_stabilization_time is not None:
            self._values["scale_up_stabilization_time"] = scale_up_stabilization_time

    @builtins.property
    def cloud_watch_trigger(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger"]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#cloudWatchTrigger
        '''
        result = self._values.get("cloud_watch_trigger")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger"], result)

    @builtins.property
    def cooldown_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#cooldownPeriod
        '''
        result = self._values.get("cooldown_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def initial_cooldown_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#initialCooldownPeriod
        '''
        result = self._values.get("initial_cooldown_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def max_replica_count(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#maxReplicaCount
        '''
        result = self._values.get("max_replica_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def min_replica_count(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#minReplicaCount
        '''
        result = self._values.get("min_replica_count")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def polling_interval(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#pollingInterval
        '''
        result = self._values.get("polling_interval")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def prometheus_trigger(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger"]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#prometheusTrigger
        '''
        result = self._values.get("prometheus_trigger")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger"], result)

    @builtins.property
    def scale_down_stabilization_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#scaleDownStabilizationTime
        '''
        result = self._values.get("scale_down_stabilization_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def scale_up_stabilization_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpec#scaleUpStabilizationTime
        '''
        result = self._values.get("scale_up_stabilization_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecAutoScalingSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "dimensions": "dimensions",
        "metric_collection_period": "metricCollectionPeriod",
        "metric_collection_start_time": "metricCollectionStartTime",
        "metric_name": "metricName",
        "metric_stat": "metricStat",
        "metric_type": "metricType",
        "min_value": "minValue",
        "name": "name",
        "namespace": "namespace",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        dimensions: typing.Optional[typing.Sequence[typing.Union["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions", typing.Dict[builtins.str, typing.Any]]]] = None,
        metric_collection_period: typing.Optional[jsii.Number] = None,
        metric_collection_start_time: typing.Optional[jsii.Number] = None,
        metric_name: typing.Optional[builtins.str] = None,
        metric_stat: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType"] = None,
        min_value: typing.Optional[jsii.Number] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param dimensions: 
        :param metric_collection_period: 
        :param metric_collection_start_time: 
        :param metric_name: 
        :param metric_stat: 
        :param metric_type: 
        :param min_value: 
        :param name: 
        :param namespace: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b7ba6c0ea206109c78a274b3bd2d492e2931d691d116c309da3d742f7eb17453)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument dimensions", value=dimensions, expected_type=type_hints["dimensions"])
            check_type(argname="argument metric_collection_period", value=metric_collection_period, expected_type=type_hints["metric_collection_period"])
            check_type(argname="argument metric_collection_start_time", value=metric_collection_start_time, expected_type=type_hints["metric_collection_start_time"])
            check_type(argname="argument metric_name", value=metric_name, expected_type=type_hints["metric_name"])
            check_type(argname="argument metric_stat", value=metric_stat, expected_type=type_hints["metric_stat"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument min_value", value=min_value, expected_type=type_hints["min_value"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if dimensions is not None:
            self._values["dimensions"] = dimensions
        if metric_collection_period is not None:
            self._values["metric_collection_period"] = metric_collection_period
        if metric_collection_start_time is not None:
            self._values["metric_collection_start_time"] = metric_collection_start_time
        if metric_name is not None:
            self._values["metric_name"] = metric_name
        if metric_stat is not None:
            self._values["metric_stat"] = metric_stat
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if min_value is not None:
            self._values["min_value"] = min_value
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def dimensions(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions"]]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#dimensions
        '''
        result = self._values.get("dimensions")
        return typing.cast(typing.Optional[typing.List["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions"]], result)

    @builtins.property
    def metric_collection_period(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#metricCollectionPeriod
        '''
        result = self._values.get("metric_collection_period")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_collection_start_time(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#metricCollectionStartTime
        '''
        result = self._values.get("metric_collection_start_time")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def metric_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#metricName
        '''
        result = self._values.get("metric_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_stat(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#metricStat
        '''
        result = self._values.get("metric_stat")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType"]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType"], result)

    @builtins.property
    def min_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#minValue
        '''
        result = self._values.get("min_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__299a95767f3f0c06392b395191d57f113814cd636b7a15ab7a9e9ec39977e6a8)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType"
)
class JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType(enum.Enum):
    '''
    :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger",
    jsii_struct_bases=[],
    name_mapping={
        "activation_target_value": "activationTargetValue",
        "custom_headers": "customHeaders",
        "metric_type": "metricType",
        "name": "name",
        "namespace": "namespace",
        "query": "query",
        "server_address": "serverAddress",
        "target_value": "targetValue",
        "use_cached_metrics": "useCachedMetrics",
    },
)
class JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger:
    def __init__(
        self,
        *,
        activation_target_value: typing.Optional[jsii.Number] = None,
        custom_headers: typing.Optional[builtins.str] = None,
        metric_type: typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType"] = None,
        name: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        query: typing.Optional[builtins.str] = None,
        server_address: typing.Optional[builtins.str] = None,
        target_value: typing.Optional[jsii.Number] = None,
        use_cached_metrics: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param activation_target_value: 
        :param custom_headers: 
        :param metric_type: 
        :param name: 
        :param namespace: 
        :param query: 
        :param server_address: 
        :param target_value: 
        :param use_cached_metrics: 

        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__cb7cb055558ce06ed6b096ee5a6ced656335fdc3a6a971cf2995bad69299c903)
            check_type(argname="argument activation_target_value", value=activation_target_value, expected_type=type_hints["activation_target_value"])
            check_type(argname="argument custom_headers", value=custom_headers, expected_type=type_hints["custom_headers"])
            check_type(argname="argument metric_type", value=metric_type, expected_type=type_hints["metric_type"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument query", value=query, expected_type=type_hints["query"])
            check_type(argname="argument server_address", value=server_address, expected_type=type_hints["server_address"])
            check_type(argname="argument target_value", value=target_value, expected_type=type_hints["target_value"])
            check_type(argname="argument use_cached_metrics", value=use_cached_metrics, expected_type=type_hints["use_cached_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if activation_target_value is not None:
            self._values["activation_target_value"] = activation_target_value
        if custom_headers is not None:
            self._values["custom_headers"] = custom_headers
        if metric_type is not None:
            self._values["metric_type"] = metric_type
        if name is not None:
            self._values["name"] = name
        if namespace is not None:
            self._values["namespace"] = namespace
        if query is not None:
            self._values["query"] = query
        if server_address is not None:
            self._values["server_address"] = server_address
        if target_value is not None:
            self._values["target_value"] = target_value
        if use_cached_metrics is not None:
            self._values["use_cached_metrics"] = use_cached_metrics

    @builtins.property
    def activation_target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#activationTargetValue
        '''
        result = self._values.get("activation_target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def custom_headers(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#customHeaders
        '''
        result = self._values.get("custom_headers")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def metric_type(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType"]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#metricType
        '''
        result = self._values.get("metric_type")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType"], result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def query(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#query
        '''
        result = self._values.get("query")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def server_address(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#serverAddress
        '''
        result = self._values.get("server_address")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def target_value(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#targetValue
        '''
        result = self._values.get("target_value")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def use_cached_metrics(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger#useCachedMetrics
        '''
        result = self._values.get("use_cached_metrics")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType"
)
class JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType(enum.Enum):
    '''
    :schema: JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType
    '''

    VALUE = "VALUE"
    '''Value.'''
    AVERAGE = "AVERAGE"
    '''Average.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecEnvironmentVariables",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelV1Alpha1SpecEnvironmentVariables:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelV1Alpha1SpecEnvironmentVariables
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0955c7bdac6e01aa6b2aba19419447334a7693c1ee50e40c8cbd6dda474bf005)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecEnvironmentVariables#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecEnvironmentVariables#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecEnvironmentVariables(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecLoadBalancer",
    jsii_struct_bases=[],
    name_mapping={
        "health_check_path": "healthCheckPath",
        "routing_algorithm": "routingAlgorithm",
    },
)
class JumpStartModelV1Alpha1SpecLoadBalancer:
    def __init__(
        self,
        *,
        health_check_path: typing.Optional[builtins.str] = None,
        routing_algorithm: typing.Optional["JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm"] = None,
    ) -> None:
        '''
        :param health_check_path: 
        :param routing_algorithm: 

        :schema: JumpStartModelV1Alpha1SpecLoadBalancer
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b0b4c1985175416719720427e24980183e35ac0d9c0d9da045e6bce4afd267e3)
            check_type(argname="argument health_check_path", value=health_check_path, expected_type=type_hints["health_check_path"])
            check_type(argname="argument routing_algorithm", value=routing_algorithm, expected_type=type_hints["routing_algorithm"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if health_check_path is not None:
            self._values["health_check_path"] = health_check_path
        if routing_algorithm is not None:
            self._values["routing_algorithm"] = routing_algorithm

    @builtins.property
    def health_check_path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecLoadBalancer#healthCheckPath
        '''
        result = self._values.get("health_check_path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def routing_algorithm(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm"]:
        '''
        :schema: JumpStartModelV1Alpha1SpecLoadBalancer#routingAlgorithm
        '''
        result = self._values.get("routing_algorithm")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecLoadBalancer(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm"
)
class JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm(enum.Enum):
    '''
    :schema: JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm
    '''

    LEAST_UNDERSCORE_OUTSTANDING_UNDERSCORE_REQUESTS = "LEAST_UNDERSCORE_OUTSTANDING_UNDERSCORE_REQUESTS"
    '''least_outstanding_requests.'''
    ROUND_UNDERSCORE_ROBIN = "ROUND_UNDERSCORE_ROBIN"
    '''round_robin.'''


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecMetrics",
    jsii_struct_bases=[],
    name_mapping={
        "enabled": "enabled",
        "metrics_scrape_interval_seconds": "metricsScrapeIntervalSeconds",
        "model_metrics": "modelMetrics",
    },
)
class JumpStartModelV1Alpha1SpecMetrics:
    def __init__(
        self,
        *,
        enabled: typing.Optional[builtins.bool] = None,
        metrics_scrape_interval_seconds: typing.Optional[jsii.Number] = None,
        model_metrics: typing.Optional[typing.Union["JumpStartModelV1Alpha1SpecMetricsModelMetrics", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param enabled: 
        :param metrics_scrape_interval_seconds: 
        :param model_metrics: 

        :schema: JumpStartModelV1Alpha1SpecMetrics
        '''
        if isinstance(model_metrics, dict):
            model_metrics = JumpStartModelV1Alpha1SpecMetricsModelMetrics(**model_metrics)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e74cba71ac2939eb38a36ea43501bbd682898817e3fc1be060e66258ee6f0f5f)
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument metrics_scrape_interval_seconds", value=metrics_scrape_interval_seconds, expected_type=type_hints["metrics_scrape_interval_seconds"])
            check_type(argname="argument model_metrics", value=model_metrics, expected_type=type_hints["model_metrics"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if enabled is not None:
            self._values["enabled"] = enabled
        if metrics_scrape_interval_seconds is not None:
            self._values["metrics_scrape_interval_seconds"] = metrics_scrape_interval_seconds
        if model_metrics is not None:
            self._values["model_metrics"] = model_metrics

    @builtins.property
    def enabled(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: JumpStartModelV1Alpha1SpecMetrics#enabled
        '''
        result = self._values.get("enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def metrics_scrape_interval_seconds(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecMetrics#metricsScrapeIntervalSeconds
        '''
        result = self._values.get("metrics_scrape_interval_seconds")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def model_metrics(
        self,
    ) -> typing.Optional["JumpStartModelV1Alpha1SpecMetricsModelMetrics"]:
        '''
        :schema: JumpStartModelV1Alpha1SpecMetrics#modelMetrics
        '''
        result = self._values.get("model_metrics")
        return typing.cast(typing.Optional["JumpStartModelV1Alpha1SpecMetricsModelMetrics"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecMetrics(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecMetricsModelMetrics",
    jsii_struct_bases=[],
    name_mapping={"path": "path", "port": "port"},
)
class JumpStartModelV1Alpha1SpecMetricsModelMetrics:
    def __init__(
        self,
        *,
        path: typing.Optional[builtins.str] = None,
        port: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param path: 
        :param port: 

        :schema: JumpStartModelV1Alpha1SpecMetricsModelMetrics
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__63bb9072e0e4facecba038cc7e7f8a6729a6a4fa384258045d224a04d97f276a)
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument port", value=port, expected_type=type_hints["port"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if path is not None:
            self._values["path"] = path
        if port is not None:
            self._values["port"] = port

    @builtins.property
    def path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecMetricsModelMetrics#path
        '''
        result = self._values.get("path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def port(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: JumpStartModelV1Alpha1SpecMetricsModelMetrics#port
        '''
        result = self._values.get("port")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecMetricsModelMetrics(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecModel",
    jsii_struct_bases=[],
    name_mapping={
        "accept_eula": "acceptEula",
        "model_id": "modelId",
        "additional_configs": "additionalConfigs",
        "gated_model_download_role": "gatedModelDownloadRole",
        "model_hub_name": "modelHubName",
        "model_version": "modelVersion",
    },
)
class JumpStartModelV1Alpha1SpecModel:
    def __init__(
        self,
        *,
        accept_eula: builtins.bool,
        model_id: builtins.str,
        additional_configs: typing.Optional[typing.Sequence[typing.Union["JumpStartModelV1Alpha1SpecModelAdditionalConfigs", typing.Dict[builtins.str, typing.Any]]]] = None,
        gated_model_download_role: typing.Optional[builtins.str] = None,
        model_hub_name: typing.Optional[builtins.str] = None,
        model_version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param accept_eula: 
        :param model_id: 
        :param additional_configs: 
        :param gated_model_download_role: 
        :param model_hub_name: 
        :param model_version: 

        :schema: JumpStartModelV1Alpha1SpecModel
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0303c50bda57922c7e9e9ce64f9b9dbdcd0a42c35585e461778f6042516270ae)
            check_type(argname="argument accept_eula", value=accept_eula, expected_type=type_hints["accept_eula"])
            check_type(argname="argument model_id", value=model_id, expected_type=type_hints["model_id"])
            check_type(argname="argument additional_configs", value=additional_configs, expected_type=type_hints["additional_configs"])
            check_type(argname="argument gated_model_download_role", value=gated_model_download_role, expected_type=type_hints["gated_model_download_role"])
            check_type(argname="argument model_hub_name", value=model_hub_name, expected_type=type_hints["model_hub_name"])
            check_type(argname="argument model_version", value=model_version, expected_type=type_hints["model_version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "accept_eula": accept_eula,
            "model_id": model_id,
        }
        if additional_configs is not None:
            self._values["additional_configs"] = additional_configs
        if gated_model_download_role is not None:
            self._values["gated_model_download_role"] = gated_model_download_role
        if model_hub_name is not None:
            self._values["model_hub_name"] = model_hub_name
        if model_version is not None:
            self._values["model_version"] = model_version

    @builtins.property
    def accept_eula(self) -> builtins.bool:
        '''
        :schema: JumpStartModelV1Alpha1SpecModel#acceptEula
        '''
        result = self._values.get("accept_eula")
        assert result is not None, "Required property 'accept_eula' is missing"
        return typing.cast(builtins.bool, result)

    @builtins.property
    def model_id(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecModel#modelId
        '''
        result = self._values.get("model_id")
        assert result is not None, "Required property 'model_id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def additional_configs(
        self,
    ) -> typing.Optional[typing.List["JumpStartModelV1Alpha1SpecModelAdditionalConfigs"]]:
        '''
        :schema: JumpStartModelV1Alpha1SpecModel#additionalConfigs
        '''
        result = self._values.get("additional_configs")
        return typing.cast(typing.Optional[typing.List["JumpStartModelV1Alpha1SpecModelAdditionalConfigs"]], result)

    @builtins.property
    def gated_model_download_role(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecModel#gatedModelDownloadRole
        '''
        result = self._values.get("gated_model_download_role")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def model_hub_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecModel#modelHubName
        '''
        result = self._values.get("model_hub_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def model_version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecModel#modelVersion
        '''
        result = self._values.get("model_version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecModel(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecModelAdditionalConfigs",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class JumpStartModelV1Alpha1SpecModelAdditionalConfigs:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: JumpStartModelV1Alpha1SpecModelAdditionalConfigs
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f10e4333ba1c24c1b90da17ed8365bd67061f40efff11bb0c93292260cf2c36c)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecModelAdditionalConfigs#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecModelAdditionalConfigs#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecModelAdditionalConfigs(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecSageMakerEndpoint",
    jsii_struct_bases=[],
    name_mapping={"name": "name"},
)
class JumpStartModelV1Alpha1SpecSageMakerEndpoint:
    def __init__(self, *, name: typing.Optional[builtins.str] = None) -> None:
        '''
        :param name: 

        :schema: JumpStartModelV1Alpha1SpecSageMakerEndpoint
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__edcec0ddf60aff0d0ab71e5c2a88b98b6ecea832dc5d3c3fb71ad55d4d89b062)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if name is not None:
            self._values["name"] = name

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecSageMakerEndpoint#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecSageMakerEndpoint(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecServer",
    jsii_struct_bases=[],
    name_mapping={"instance_type": "instanceType", "execution_role": "executionRole"},
)
class JumpStartModelV1Alpha1SpecServer:
    def __init__(
        self,
        *,
        instance_type: builtins.str,
        execution_role: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param instance_type: 
        :param execution_role: 

        :schema: JumpStartModelV1Alpha1SpecServer
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__82f9d15fab56677d9e3c2330feb3e1cc9e3e79ff80170b3bf37dba0e13455c2b)
            check_type(argname="argument instance_type", value=instance_type, expected_type=type_hints["instance_type"])
            check_type(argname="argument execution_role", value=execution_role, expected_type=type_hints["execution_role"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "instance_type": instance_type,
        }
        if execution_role is not None:
            self._values["execution_role"] = execution_role

    @builtins.property
    def instance_type(self) -> builtins.str:
        '''
        :schema: JumpStartModelV1Alpha1SpecServer#instanceType
        '''
        result = self._values.get("instance_type")
        assert result is not None, "Required property 'instance_type' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def execution_role(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecServer#executionRole
        '''
        result = self._values.get("execution_role")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecServer(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="jumpstart_model_comamazonawssagemakerinference.JumpStartModelV1Alpha1SpecTlsConfig",
    jsii_struct_bases=[],
    name_mapping={"tls_certificate_output_s3_uri": "tlsCertificateOutputS3Uri"},
)
class JumpStartModelV1Alpha1SpecTlsConfig:
    def __init__(
        self,
        *,
        tls_certificate_output_s3_uri: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param tls_certificate_output_s3_uri: 

        :schema: JumpStartModelV1Alpha1SpecTlsConfig
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__50226d603916f36dda29e39e4238cdbb4b6ad69b040b4e8f50a2c04509a1be21)
            check_type(argname="argument tls_certificate_output_s3_uri", value=tls_certificate_output_s3_uri, expected_type=type_hints["tls_certificate_output_s3_uri"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if tls_certificate_output_s3_uri is not None:
            self._values["tls_certificate_output_s3_uri"] = tls_certificate_output_s3_uri

    @builtins.property
    def tls_certificate_output_s3_uri(self) -> typing.Optional[builtins.str]:
        '''
        :schema: JumpStartModelV1Alpha1SpecTlsConfig#tlsCertificateOutputS3Uri
        '''
        result = self._values.get("tls_certificate_output_s3_uri")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "JumpStartModelV1Alpha1SpecTlsConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "JumpStartModel",
    "JumpStartModelProps",
    "JumpStartModelSpec",
    "JumpStartModelSpecAutoScalingSpec",
    "JumpStartModelSpecAutoScalingSpecCloudWatchTrigger",
    "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions",
    "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList",
    "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions",
    "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType",
    "JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType",
    "JumpStartModelSpecAutoScalingSpecPrometheusTrigger",
    "JumpStartModelSpecAutoScalingSpecPrometheusTriggerList",
    "JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType",
    "JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType",
    "JumpStartModelSpecDataCapture",
    "JumpStartModelSpecDataCaptureLoadBalancer",
    "JumpStartModelSpecDataCaptureModelPod",
    "JumpStartModelSpecDataCaptureModelPodBufferConfig",
    "JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader",
    "JumpStartModelSpecDataCaptureModelPodCaptureOptions",
    "JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode",
    "JumpStartModelSpecDataCaptureModelPodPayloadConfig",
    "JumpStartModelSpecDataCaptureSagemakerEndpoint",
    "JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader",
    "JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions",
    "JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode",
    "JumpStartModelSpecDnsConfig",
    "JumpStartModelSpecEnvironmentVariables",
    "JumpStartModelSpecIntelligentRoutingSpec",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType",
    "JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType",
    "JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy",
    "JumpStartModelSpecKvCacheSpec",
    "JumpStartModelSpecKvCacheSpecL2CacheSpec",
    "JumpStartModelSpecLoadBalancer",
    "JumpStartModelSpecLoadBalancerRoutingAlgorithm",
    "JumpStartModelSpecMetrics",
    "JumpStartModelSpecMetricsModelMetrics",
    "JumpStartModelSpecModel",
    "JumpStartModelSpecModelAdditionalConfigs",
    "JumpStartModelSpecModelCacheConfig",
    "JumpStartModelSpecModelCacheConfigImageCache",
    "JumpStartModelSpecModelCacheConfigWeightsCache",
    "JumpStartModelSpecSageMakerEndpoint",
    "JumpStartModelSpecServer",
    "JumpStartModelSpecServerValidations",
    "JumpStartModelSpecTlsConfig",
    "JumpStartModelSpecTlsConfigCustomCertificateConfig",
    "JumpStartModelV1Alpha1",
    "JumpStartModelV1Alpha1Props",
    "JumpStartModelV1Alpha1Spec",
    "JumpStartModelV1Alpha1SpecAutoScalingSpec",
    "JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger",
    "JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions",
    "JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType",
    "JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger",
    "JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType",
    "JumpStartModelV1Alpha1SpecEnvironmentVariables",
    "JumpStartModelV1Alpha1SpecLoadBalancer",
    "JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm",
    "JumpStartModelV1Alpha1SpecMetrics",
    "JumpStartModelV1Alpha1SpecMetricsModelMetrics",
    "JumpStartModelV1Alpha1SpecModel",
    "JumpStartModelV1Alpha1SpecModelAdditionalConfigs",
    "JumpStartModelV1Alpha1SpecSageMakerEndpoint",
    "JumpStartModelV1Alpha1SpecServer",
    "JumpStartModelV1Alpha1SpecTlsConfig",
]

publication.publish()

def _typecheckingstub__d240d47a406b06042364471128743468ef84a1dbaa608b6f82ff69045564e68c(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[JumpStartModelSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__97fcfc5d43dce9f22151ff4fb3d78fadad0e381719231651fa27889a4da8ba54(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[JumpStartModelSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ff941c1a0d57d026fb35dfbcb42e9b4ed48493344184ae93fc6a1863a610b778(
    *,
    model: typing.Union[JumpStartModelSpecModel, typing.Dict[builtins.str, typing.Any]],
    server: typing.Union[JumpStartModelSpecServer, typing.Dict[builtins.str, typing.Any]],
    auto_scaling_spec: typing.Optional[typing.Union[JumpStartModelSpecAutoScalingSpec, typing.Dict[builtins.str, typing.Any]]] = None,
    data_capture: typing.Optional[typing.Union[JumpStartModelSpecDataCapture, typing.Dict[builtins.str, typing.Any]]] = None,
    dns_config: typing.Optional[typing.Union[JumpStartModelSpecDnsConfig, typing.Dict[builtins.str, typing.Any]]] = None,
    environment_variables: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecEnvironmentVariables, typing.Dict[builtins.str, typing.Any]]]] = None,
    intelligent_routing_spec: typing.Optional[typing.Union[JumpStartModelSpecIntelligentRoutingSpec, typing.Dict[builtins.str, typing.Any]]] = None,
    kv_cache_spec: typing.Optional[typing.Union[JumpStartModelSpecKvCacheSpec, typing.Dict[builtins.str, typing.Any]]] = None,
    load_balancer: typing.Optional[typing.Union[JumpStartModelSpecLoadBalancer, typing.Dict[builtins.str, typing.Any]]] = None,
    max_deploy_time_in_seconds: typing.Optional[jsii.Number] = None,
    metrics: typing.Optional[typing.Union[JumpStartModelSpecMetrics, typing.Dict[builtins.str, typing.Any]]] = None,
    model_cache_config: typing.Optional[typing.Union[JumpStartModelSpecModelCacheConfig, typing.Dict[builtins.str, typing.Any]]] = None,
    replicas: typing.Optional[jsii.Number] = None,
    sage_maker_endpoint: typing.Optional[typing.Union[JumpStartModelSpecSageMakerEndpoint, typing.Dict[builtins.str, typing.Any]]] = None,
    tls_config: typing.Optional[typing.Union[JumpStartModelSpecTlsConfig, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__cb3f2e84eebe2eea43eba8f2bfd0f09795f31a3719eda7245412aaa1ee8392a8(
    *,
    cloud_watch_trigger: typing.Optional[typing.Union[JumpStartModelSpecAutoScalingSpecCloudWatchTrigger, typing.Dict[builtins.str, typing.Any]]] = None,
    cloud_watch_trigger_list: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecAutoScalingSpecCloudWatchTriggerList, typing.Dict[builtins.str, typing.Any]]]] = None,
    cooldown_period: typing.Optional[jsii.Number] = None,
    initial_cooldown_period: typing.Optional[jsii.Number] = None,
    max_replica_count: typing.Optional[jsii.Number] = None,
    min_replica_count: typing.Optional[jsii.Number] = None,
    polling_interval: typing.Optional[jsii.Number] = None,
    prometheus_trigger: typing.Optional[typing.Union[JumpStartModelSpecAutoScalingSpecPrometheusTrigger, typing.Dict[builtins.str, typing.Any]]] = None,
    prometheus_trigger_list: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecAutoScalingSpecPrometheusTriggerList, typing.Dict[builtins.str, typing.Any]]]] = None,
    scale_down_stabilization_time: typing.Optional[jsii.Number] = None,
    scale_up_stabilization_time: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4583265f7bc5067e866c7141b2fccccdbb7d63d2cef8a909282ad3912f39a87c(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    dimensions: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecAutoScalingSpecCloudWatchTriggerDimensions, typing.Dict[builtins.str, typing.Any]]]] = None,
    metric_collection_period: typing.Optional[jsii.Number] = None,
    metric_collection_start_time: typing.Optional[jsii.Number] = None,
    metric_name: typing.Optional[builtins.str] = None,
    metric_stat: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecAutoScalingSpecCloudWatchTriggerMetricType] = None,
    min_value: typing.Optional[jsii.Number] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ac492f1a53c27da56bfbacaa04c8da6ee88279df33d558cc8fe21da5208c7b07(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__11e6eb5bdd56edbabcc818d91d2a832b0d52b2d67d4df5412592b446772e4506(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    dimensions: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListDimensions, typing.Dict[builtins.str, typing.Any]]]] = None,
    metric_collection_period: typing.Optional[jsii.Number] = None,
    metric_collection_start_time: typing.Optional[jsii.Number] = None,
    metric_name: typing.Optional[builtins.str] = None,
    metric_stat: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecAutoScalingSpecCloudWatchTriggerListMetricType] = None,
    min_value: typing.Optional[jsii.Number] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__eec30ef7f2d42ef0ede522a54d625eedb1af1d65bb11e5daf863a7569acde1d8(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__fea441c923eb816d386791e328a1d37f9fc69016bd227394ba3820035b5b4893(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    custom_headers: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecAutoScalingSpecPrometheusTriggerMetricType] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    query: typing.Optional[builtins.str] = None,
    server_address: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9a76bae9266469de37c3bb0bd71e5b5354a9d739221be20ca094a4fe16751a46(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    custom_headers: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecAutoScalingSpecPrometheusTriggerListMetricType] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    query: typing.Optional[builtins.str] = None,
    server_address: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7c34f77d1c1f1ecb6f5cd67b555e771ab472640a75f8f3704c2b470c953d3d0e(
    *,
    load_balancer: typing.Optional[typing.Union[JumpStartModelSpecDataCaptureLoadBalancer, typing.Dict[builtins.str, typing.Any]]] = None,
    model_pod: typing.Optional[typing.Union[JumpStartModelSpecDataCaptureModelPod, typing.Dict[builtins.str, typing.Any]]] = None,
    s3_uri: typing.Optional[builtins.str] = None,
    sagemaker_endpoint: typing.Optional[typing.Union[JumpStartModelSpecDataCaptureSagemakerEndpoint, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__54b575d46e799be326ad146cef5fda5f38dcc726c2552284caa3fe5ab5bd45d4(
    *,
    enabled: builtins.bool,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__186398b31b919234e61510df2b2ec8d5ce73f5cdb54965420927ae281f73d3f6(
    *,
    enabled: builtins.bool,
    buffer_config: typing.Optional[typing.Union[JumpStartModelSpecDataCaptureModelPodBufferConfig, typing.Dict[builtins.str, typing.Any]]] = None,
    capture_content_type_header: typing.Optional[typing.Union[JumpStartModelSpecDataCaptureModelPodCaptureContentTypeHeader, typing.Dict[builtins.str, typing.Any]]] = None,
    capture_options: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecDataCaptureModelPodCaptureOptions, typing.Dict[builtins.str, typing.Any]]]] = None,
    initial_sampling_percentage: typing.Optional[jsii.Number] = None,
    kms_key_id: typing.Optional[builtins.str] = None,
    payload_config: typing.Optional[typing.Union[JumpStartModelSpecDataCaptureModelPodPayloadConfig, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e4ceb7f41b312f134c268d1d3ab2eef35589648389bd6f41b5d0c12d1157943c(
    *,
    batch_size: typing.Optional[jsii.Number] = None,
    flush_interval_seconds: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4d2db66235a60d45408530b3841ae733d3edac01adc9702827717ecbf88df6c7(
    *,
    csv_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
    json_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b1bf80f05eb048fed37308c6a493413ca9591a540c0ce5da60d819fbf89dd89e(
    *,
    capture_mode: JumpStartModelSpecDataCaptureModelPodCaptureOptionsCaptureMode,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5d28371f728aec35f4b6badfa896037ae3da3eb663fd59696d9eaba970400161(
    *,
    max_payload_size_kb: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__546a1a4a017d66bfefc4a918c35bca2f0c515344d50eb60d9b903e8068e8a9fd(
    *,
    enabled: builtins.bool,
    capture_content_type_header: typing.Optional[typing.Union[JumpStartModelSpecDataCaptureSagemakerEndpointCaptureContentTypeHeader, typing.Dict[builtins.str, typing.Any]]] = None,
    capture_options: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptions, typing.Dict[builtins.str, typing.Any]]]] = None,
    initial_sampling_percentage: typing.Optional[jsii.Number] = None,
    kms_key_id: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c6de2de2a4f5006d7e28812011923024b51e00621f50b535ff33e4bfa108c2ff(
    *,
    csv_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
    json_content_types: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__910fb93179be33afb381c48e370433a1099696d052137a38c150e277d933a955(
    *,
    capture_mode: JumpStartModelSpecDataCaptureSagemakerEndpointCaptureOptionsCaptureMode,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a099225920838dbbf7148b7147425f8b6ba13cb28073f248073dc49db4caac64(
    *,
    hosted_zone_id: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9d3df299eaaa122de2ce362f988bf901d65a2aec5fd65e8f9c76718714980715(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__feecee534959b69282f3bc31eefa17dd7c3aa7b8e9e4579f74c543de7201ef1c(
    *,
    auto_scaling_spec: typing.Optional[typing.Union[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpec, typing.Dict[builtins.str, typing.Any]]] = None,
    enabled: typing.Optional[builtins.bool] = None,
    routing_strategy: typing.Optional[JumpStartModelSpecIntelligentRoutingSpecRoutingStrategy] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a74b1e3bdedf7e53344798c61b138b29dbb72b6e91552cd753cd994c58188b15(
    *,
    cloud_watch_trigger: typing.Optional[typing.Union[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTrigger, typing.Dict[builtins.str, typing.Any]]] = None,
    cloud_watch_trigger_list: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerList, typing.Dict[builtins.str, typing.Any]]]] = None,
    cooldown_period: typing.Optional[jsii.Number] = None,
    initial_cooldown_period: typing.Optional[jsii.Number] = None,
    max_replica_count: typing.Optional[jsii.Number] = None,
    min_replica_count: typing.Optional[jsii.Number] = None,
    polling_interval: typing.Optional[jsii.Number] = None,
    prometheus_trigger: typing.Optional[typing.Union[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTrigger, typing.Dict[builtins.str, typing.Any]]] = None,
    prometheus_trigger_list: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerList, typing.Dict[builtins.str, typing.Any]]]] = None,
    scale_down_stabilization_time: typing.Optional[jsii.Number] = None,
    scale_up_stabilization_time: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b744e5f97f7c510e7aa8b8d7240ed692ad6b2cf115f42adad660548535075262(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    dimensions: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerDimensions, typing.Dict[builtins.str, typing.Any]]]] = None,
    metric_collection_period: typing.Optional[jsii.Number] = None,
    metric_collection_start_time: typing.Optional[jsii.Number] = None,
    metric_name: typing.Optional[builtins.str] = None,
    metric_stat: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerMetricType] = None,
    min_value: typing.Optional[jsii.Number] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__81b3508b2466430388ed2416fc38602ba85f1dfa11268767bac3fdf1b52b1817(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9e190b9ca495bad0210089adf77767f6cf5d708cc98bb9b6120aeaa1ecfa07c4(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    dimensions: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListDimensions, typing.Dict[builtins.str, typing.Any]]]] = None,
    metric_collection_period: typing.Optional[jsii.Number] = None,
    metric_collection_start_time: typing.Optional[jsii.Number] = None,
    metric_name: typing.Optional[builtins.str] = None,
    metric_stat: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecCloudWatchTriggerListMetricType] = None,
    min_value: typing.Optional[jsii.Number] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__35468630a8001563a4cad3e3c0999f037f9fbadd3222bd901b5cd311cc3bf820(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__be796c6b997d38e9d4f2d8b1140b861957ee5c2f887a73797c30c9eb4164f9fd(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    custom_headers: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerMetricType] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    query: typing.Optional[builtins.str] = None,
    server_address: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0a15122f2d478e1353f316b8deb050e9f0de93d56853b677de235a074f7fce24(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    custom_headers: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelSpecIntelligentRoutingSpecAutoScalingSpecPrometheusTriggerListMetricType] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    query: typing.Optional[builtins.str] = None,
    server_address: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__10cb1230bafc7632d1c2970921f6473f306f3d98f80366dd9200c2da0451ce31(
    *,
    cache_config_file: typing.Optional[builtins.str] = None,
    enable_l1_cache: typing.Optional[builtins.bool] = None,
    enable_l2_cache: typing.Optional[builtins.bool] = None,
    l2_cache_spec: typing.Optional[typing.Union[JumpStartModelSpecKvCacheSpecL2CacheSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__932bb9ea5a474c3c6d9c7e2616e73c1987c9dabb0bb5a661ae50ec3b0c4b6f3e(
    *,
    l2_cache_backend: typing.Optional[builtins.str] = None,
    l2_cache_local_url: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__94d3fcc58d9ccb2ca1ed3cd44c827725f12bd86e5498ba4eb0718e318f097c63(
    *,
    health_check_path: typing.Optional[builtins.str] = None,
    idle_timeout_seconds: typing.Optional[jsii.Number] = None,
    routing_algorithm: typing.Optional[JumpStartModelSpecLoadBalancerRoutingAlgorithm] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__68d05f99f167d8f2c5446d1f70efc0ebfcbcd95dc878c2bc255e4eec9f19e980(
    *,
    enabled: typing.Optional[builtins.bool] = None,
    metrics_scrape_interval_seconds: typing.Optional[jsii.Number] = None,
    model_metrics: typing.Optional[typing.Union[JumpStartModelSpecMetricsModelMetrics, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7111c4be42b10e6c3bd8a72babe710ed904b3073b5d79fd81997f33128995734(
    *,
    path: typing.Optional[builtins.str] = None,
    port: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__36c0270d1becbc4b3528e9de6b10046f452a2ccdecc758b7611944e6b4def444(
    *,
    accept_eula: builtins.bool,
    model_id: builtins.str,
    additional_configs: typing.Optional[typing.Sequence[typing.Union[JumpStartModelSpecModelAdditionalConfigs, typing.Dict[builtins.str, typing.Any]]]] = None,
    gated_model_download_role: typing.Optional[builtins.str] = None,
    model_hub_name: typing.Optional[builtins.str] = None,
    model_version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7bcc6b46b873c292606ceca8700ee53ac93b0164e1ff11992f9722b6ad53eabf(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7455713220655a6dd6fcc72332603ca70aa77d5e10e5a8ce9164dd6121c1d499(
    *,
    image_cache: typing.Optional[typing.Union[JumpStartModelSpecModelCacheConfigImageCache, typing.Dict[builtins.str, typing.Any]]] = None,
    weights_cache: typing.Optional[typing.Union[JumpStartModelSpecModelCacheConfigWeightsCache, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__138c4ca8d761d2866284b6194c97327b98a9bb3110e51bf9cc8c71555f61ccaf(
    *,
    enabled: builtins.bool,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e8bfc38cf9b07ea8c387ea204909dd4c274d0cd91bf06d301d8ef4f41d3947cf(
    *,
    enabled: typing.Optional[builtins.bool] = None,
    host_path: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5d5c4787c0eb9b793b5ffb762e530fe9ccb2bbb62d01c8aed46b10512e23d447(
    *,
    name: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0b9793df02f761dfecc3450bf8a05bf1877a0766463f353a2d07e92823ec7457(
    *,
    instance_type: builtins.str,
    accelerator_partition_type: typing.Optional[builtins.str] = None,
    execution_role: typing.Optional[builtins.str] = None,
    validations: typing.Optional[typing.Union[JumpStartModelSpecServerValidations, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__819ccc1f18f069ddf16af28655ec79ad72dd510a0e27b6be65e64f74f3357648(
    *,
    accelerator_partition_validation: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__933a8c58a0294f45abe523afb66d923a368583911a9ff140145995f6ae2eb513(
    *,
    custom_certificate_config: typing.Optional[typing.Union[JumpStartModelSpecTlsConfigCustomCertificateConfig, typing.Dict[builtins.str, typing.Any]]] = None,
    tls_certificate_output_s3_uri: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9bde30aa1061efd2809e7e7c362bc7c9caf2db099794606ea7e358e703bbab99(
    *,
    acm_arn: builtins.str,
    domain_name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__261e59ba914729263b750d026951a5c3f000beaea88c7c53d71243540b543c34(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[JumpStartModelV1Alpha1Spec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e28d39fe7eae30a2a0b70a6c3e89dbab555808978c5a7183842869446a11ae35(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[JumpStartModelV1Alpha1Spec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__36745bb83924d17788e1ab9e0390d921e21b1c58afe430a28a04dff96aee2ed5(
    *,
    model: typing.Union[JumpStartModelV1Alpha1SpecModel, typing.Dict[builtins.str, typing.Any]],
    server: typing.Union[JumpStartModelV1Alpha1SpecServer, typing.Dict[builtins.str, typing.Any]],
    auto_scaling_spec: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecAutoScalingSpec, typing.Dict[builtins.str, typing.Any]]] = None,
    environment_variables: typing.Optional[typing.Sequence[typing.Union[JumpStartModelV1Alpha1SpecEnvironmentVariables, typing.Dict[builtins.str, typing.Any]]]] = None,
    load_balancer: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecLoadBalancer, typing.Dict[builtins.str, typing.Any]]] = None,
    max_deploy_time_in_seconds: typing.Optional[jsii.Number] = None,
    metrics: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecMetrics, typing.Dict[builtins.str, typing.Any]]] = None,
    replicas: typing.Optional[jsii.Number] = None,
    sage_maker_endpoint: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecSageMakerEndpoint, typing.Dict[builtins.str, typing.Any]]] = None,
    tls_config: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecTlsConfig, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__fafb32b08181af872db05f0dddfa3d490d0496b58044b5a9ecf286b5cd275567(
    *,
    cloud_watch_trigger: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTrigger, typing.Dict[builtins.str, typing.Any]]] = None,
    cooldown_period: typing.Optional[jsii.Number] = None,
    initial_cooldown_period: typing.Optional[jsii.Number] = None,
    max_replica_count: typing.Optional[jsii.Number] = None,
    min_replica_count: typing.Optional[jsii.Number] = None,
    polling_interval: typing.Optional[jsii.Number] = None,
    prometheus_trigger: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTrigger, typing.Dict[builtins.str, typing.Any]]] = None,
    scale_down_stabilization_time: typing.Optional[jsii.Number] = None,
    scale_up_stabilization_time: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b7ba6c0ea206109c78a274b3bd2d492e2931d691d116c309da3d742f7eb17453(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    dimensions: typing.Optional[typing.Sequence[typing.Union[JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerDimensions, typing.Dict[builtins.str, typing.Any]]]] = None,
    metric_collection_period: typing.Optional[jsii.Number] = None,
    metric_collection_start_time: typing.Optional[jsii.Number] = None,
    metric_name: typing.Optional[builtins.str] = None,
    metric_stat: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelV1Alpha1SpecAutoScalingSpecCloudWatchTriggerMetricType] = None,
    min_value: typing.Optional[jsii.Number] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__299a95767f3f0c06392b395191d57f113814cd636b7a15ab7a9e9ec39977e6a8(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__cb7cb055558ce06ed6b096ee5a6ced656335fdc3a6a971cf2995bad69299c903(
    *,
    activation_target_value: typing.Optional[jsii.Number] = None,
    custom_headers: typing.Optional[builtins.str] = None,
    metric_type: typing.Optional[JumpStartModelV1Alpha1SpecAutoScalingSpecPrometheusTriggerMetricType] = None,
    name: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    query: typing.Optional[builtins.str] = None,
    server_address: typing.Optional[builtins.str] = None,
    target_value: typing.Optional[jsii.Number] = None,
    use_cached_metrics: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0955c7bdac6e01aa6b2aba19419447334a7693c1ee50e40c8cbd6dda474bf005(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b0b4c1985175416719720427e24980183e35ac0d9c0d9da045e6bce4afd267e3(
    *,
    health_check_path: typing.Optional[builtins.str] = None,
    routing_algorithm: typing.Optional[JumpStartModelV1Alpha1SpecLoadBalancerRoutingAlgorithm] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e74cba71ac2939eb38a36ea43501bbd682898817e3fc1be060e66258ee6f0f5f(
    *,
    enabled: typing.Optional[builtins.bool] = None,
    metrics_scrape_interval_seconds: typing.Optional[jsii.Number] = None,
    model_metrics: typing.Optional[typing.Union[JumpStartModelV1Alpha1SpecMetricsModelMetrics, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__63bb9072e0e4facecba038cc7e7f8a6729a6a4fa384258045d224a04d97f276a(
    *,
    path: typing.Optional[builtins.str] = None,
    port: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0303c50bda57922c7e9e9ce64f9b9dbdcd0a42c35585e461778f6042516270ae(
    *,
    accept_eula: builtins.bool,
    model_id: builtins.str,
    additional_configs: typing.Optional[typing.Sequence[typing.Union[JumpStartModelV1Alpha1SpecModelAdditionalConfigs, typing.Dict[builtins.str, typing.Any]]]] = None,
    gated_model_download_role: typing.Optional[builtins.str] = None,
    model_hub_name: typing.Optional[builtins.str] = None,
    model_version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f10e4333ba1c24c1b90da17ed8365bd67061f40efff11bb0c93292260cf2c36c(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__edcec0ddf60aff0d0ab71e5c2a88b98b6ecea832dc5d3c3fb71ad55d4d89b062(
    *,
    name: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__82f9d15fab56677d9e3c2330feb3e1cc9e3e79ff80170b3bf37dba0e13455c2b(
    *,
    instance_type: builtins.str,
    execution_role: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__50226d603916f36dda29e39e4238cdbb4b6ad69b040b4e8f50a2c04509a1be21(
    *,
    tls_certificate_output_s3_uri: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass
