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


class NodePool(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_node_pool_shkarpenter.NodePool",
):
    '''
    :schema: NodePool
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        spec: typing.Union["NodePoolSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "NodePool" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param spec: 
        :param metadata: 
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__78c3b056a9ce0184aa21d69c775b7352016eea9ac5b942ac4e40bb6ae3e78857)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = NodePoolProps(spec=spec, metadata=metadata)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        spec: typing.Union["NodePoolSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "NodePool".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param spec: 
        :param metadata: 
        '''
        props = NodePoolProps(spec=spec, metadata=metadata)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "NodePool".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolProps",
    jsii_struct_bases=[],
    name_mapping={"spec": "spec", "metadata": "metadata"},
)
class NodePoolProps:
    def __init__(
        self,
        *,
        spec: typing.Union["NodePoolSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param spec: 
        :param metadata: 

        :schema: NodePool
        '''
        if isinstance(spec, dict):
            spec = NodePoolSpec(**spec)
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__43b3e69ff6b91dbca0e4917c0ab9b54f6eba66f77267df267e14705c27fe6af1)
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "spec": spec,
        }
        if metadata is not None:
            self._values["metadata"] = metadata

    @builtins.property
    def spec(self) -> "NodePoolSpec":
        '''
        :schema: NodePool#spec
        '''
        result = self._values.get("spec")
        assert result is not None, "Required property 'spec' is missing"
        return typing.cast("NodePoolSpec", result)

    @builtins.property
    def metadata(self) -> typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"]:
        '''
        :schema: NodePool#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpec",
    jsii_struct_bases=[],
    name_mapping={
        "template": "template",
        "disruption": "disruption",
        "limits": "limits",
        "replicas": "replicas",
        "weight": "weight",
    },
)
class NodePoolSpec:
    def __init__(
        self,
        *,
        template: typing.Union["NodePoolSpecTemplate", typing.Dict[builtins.str, typing.Any]],
        disruption: typing.Optional[typing.Union["NodePoolSpecDisruption", typing.Dict[builtins.str, typing.Any]]] = None,
        limits: typing.Optional[typing.Mapping[builtins.str, "NodePoolSpecLimits"]] = None,
        replicas: typing.Optional[jsii.Number] = None,
        weight: typing.Optional[jsii.Number] = None,
    ) -> None:
        '''
        :param template: 
        :param disruption: 
        :param limits: 
        :param replicas: 
        :param weight: 

        :schema: NodePoolSpec
        '''
        if isinstance(template, dict):
            template = NodePoolSpecTemplate(**template)
        if isinstance(disruption, dict):
            disruption = NodePoolSpecDisruption(**disruption)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__62fda1e7a11ed85eebad38d62754e9d8b8bce29feebd7a57060a8c7222bca28e)
            check_type(argname="argument template", value=template, expected_type=type_hints["template"])
            check_type(argname="argument disruption", value=disruption, expected_type=type_hints["disruption"])
            check_type(argname="argument limits", value=limits, expected_type=type_hints["limits"])
            check_type(argname="argument replicas", value=replicas, expected_type=type_hints["replicas"])
            check_type(argname="argument weight", value=weight, expected_type=type_hints["weight"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "template": template,
        }
        if disruption is not None:
            self._values["disruption"] = disruption
        if limits is not None:
            self._values["limits"] = limits
        if replicas is not None:
            self._values["replicas"] = replicas
        if weight is not None:
            self._values["weight"] = weight

    @builtins.property
    def template(self) -> "NodePoolSpecTemplate":
        '''
        :schema: NodePoolSpec#template
        '''
        result = self._values.get("template")
        assert result is not None, "Required property 'template' is missing"
        return typing.cast("NodePoolSpecTemplate", result)

    @builtins.property
    def disruption(self) -> typing.Optional["NodePoolSpecDisruption"]:
        '''
        :schema: NodePoolSpec#disruption
        '''
        result = self._values.get("disruption")
        return typing.cast(typing.Optional["NodePoolSpecDisruption"], result)

    @builtins.property
    def limits(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, "NodePoolSpecLimits"]]:
        '''
        :schema: NodePoolSpec#limits
        '''
        result = self._values.get("limits")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, "NodePoolSpecLimits"]], result)

    @builtins.property
    def replicas(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: NodePoolSpec#replicas
        '''
        result = self._values.get("replicas")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def weight(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: NodePoolSpec#weight
        '''
        result = self._values.get("weight")
        return typing.cast(typing.Optional[jsii.Number], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecDisruption",
    jsii_struct_bases=[],
    name_mapping={
        "budgets": "budgets",
        "consolidate_after": "consolidateAfter",
        "consolidation_policy": "consolidationPolicy",
    },
)
class NodePoolSpecDisruption:
    def __init__(
        self,
        *,
        budgets: typing.Optional[typing.Sequence[typing.Union["NodePoolSpecDisruptionBudgets", typing.Dict[builtins.str, typing.Any]]]] = None,
        consolidate_after: typing.Optional[builtins.str] = None,
        consolidation_policy: typing.Optional["NodePoolSpecDisruptionConsolidationPolicy"] = None,
    ) -> None:
        '''
        :param budgets: 
        :param consolidate_after: 
        :param consolidation_policy: 

        :schema: NodePoolSpecDisruption
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__8d555253657e67c75f910d17aaa0ecba78278f5f4a9fa67593a26f589ef4929f)
            check_type(argname="argument budgets", value=budgets, expected_type=type_hints["budgets"])
            check_type(argname="argument consolidate_after", value=consolidate_after, expected_type=type_hints["consolidate_after"])
            check_type(argname="argument consolidation_policy", value=consolidation_policy, expected_type=type_hints["consolidation_policy"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if budgets is not None:
            self._values["budgets"] = budgets
        if consolidate_after is not None:
            self._values["consolidate_after"] = consolidate_after
        if consolidation_policy is not None:
            self._values["consolidation_policy"] = consolidation_policy

    @builtins.property
    def budgets(self) -> typing.Optional[typing.List["NodePoolSpecDisruptionBudgets"]]:
        '''
        :schema: NodePoolSpecDisruption#budgets
        '''
        result = self._values.get("budgets")
        return typing.cast(typing.Optional[typing.List["NodePoolSpecDisruptionBudgets"]], result)

    @builtins.property
    def consolidate_after(self) -> typing.Optional[builtins.str]:
        '''
        :schema: NodePoolSpecDisruption#consolidateAfter
        '''
        result = self._values.get("consolidate_after")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def consolidation_policy(
        self,
    ) -> typing.Optional["NodePoolSpecDisruptionConsolidationPolicy"]:
        '''
        :schema: NodePoolSpecDisruption#consolidationPolicy
        '''
        result = self._values.get("consolidation_policy")
        return typing.cast(typing.Optional["NodePoolSpecDisruptionConsolidationPolicy"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecDisruption(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecDisruptionBudgets",
    jsii_struct_bases=[],
    name_mapping={
        "nodes": "nodes",
        "duration": "duration",
        "reasons": "reasons",
        "schedule": "schedule",
    },
)
class NodePoolSpecDisruptionBudgets:
    def __init__(
        self,
        *,
        nodes: builtins.str,
        duration: typing.Optional[builtins.str] = None,
        reasons: typing.Optional[typing.Sequence["NodePoolSpecDisruptionBudgetsReasons"]] = None,
        schedule: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param nodes: 
        :param duration: 
        :param reasons: 
        :param schedule: 

        :schema: NodePoolSpecDisruptionBudgets
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ffe73ca4996c85f3f5f442addab65de698c81a56c5ca4d3a5ca7073623de717c)
            check_type(argname="argument nodes", value=nodes, expected_type=type_hints["nodes"])
            check_type(argname="argument duration", value=duration, expected_type=type_hints["duration"])
            check_type(argname="argument reasons", value=reasons, expected_type=type_hints["reasons"])
            check_type(argname="argument schedule", value=schedule, expected_type=type_hints["schedule"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "nodes": nodes,
        }
        if duration is not None:
            self._values["duration"] = duration
        if reasons is not None:
            self._values["reasons"] = reasons
        if schedule is not None:
            self._values["schedule"] = schedule

    @builtins.property
    def nodes(self) -> builtins.str:
        '''
        :schema: NodePoolSpecDisruptionBudgets#nodes
        '''
        result = self._values.get("nodes")
        assert result is not None, "Required property 'nodes' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def duration(self) -> typing.Optional[builtins.str]:
        '''
        :schema: NodePoolSpecDisruptionBudgets#duration
        '''
        result = self._values.get("duration")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def reasons(
        self,
    ) -> typing.Optional[typing.List["NodePoolSpecDisruptionBudgetsReasons"]]:
        '''
        :schema: NodePoolSpecDisruptionBudgets#reasons
        '''
        result = self._values.get("reasons")
        return typing.cast(typing.Optional[typing.List["NodePoolSpecDisruptionBudgetsReasons"]], result)

    @builtins.property
    def schedule(self) -> typing.Optional[builtins.str]:
        '''
        :schema: NodePoolSpecDisruptionBudgets#schedule
        '''
        result = self._values.get("schedule")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecDisruptionBudgets(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecDisruptionBudgetsReasons"
)
class NodePoolSpecDisruptionBudgetsReasons(enum.Enum):
    '''
    :schema: NodePoolSpecDisruptionBudgetsReasons
    '''

    UNDERUTILIZED = "UNDERUTILIZED"
    '''Underutilized.'''
    EMPTY = "EMPTY"
    '''Empty.'''
    DRIFTED = "DRIFTED"
    '''Drifted.'''


@jsii.enum(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecDisruptionConsolidationPolicy"
)
class NodePoolSpecDisruptionConsolidationPolicy(enum.Enum):
    '''
    :schema: NodePoolSpecDisruptionConsolidationPolicy
    '''

    WHEN_EMPTY = "WHEN_EMPTY"
    '''WhenEmpty.'''
    WHEN_EMPTY_OR_UNDERUTILIZED = "WHEN_EMPTY_OR_UNDERUTILIZED"
    '''WhenEmptyOrUnderutilized.'''
    BALANCED = "BALANCED"
    '''Balanced.'''


class NodePoolSpecLimits(
    metaclass=jsii.JSIIMeta,
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecLimits",
):
    '''
    :schema: NodePoolSpecLimits
    '''

    @jsii.member(jsii_name="fromNumber")
    @builtins.classmethod
    def from_number(cls, value: jsii.Number) -> "NodePoolSpecLimits":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e60eba12cc79e1698ad26cbeaf50b5b9048838bcccf2ab1fbf47a69e68ced60a)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("NodePoolSpecLimits", jsii.sinvoke(cls, "fromNumber", [value]))

    @jsii.member(jsii_name="fromString")
    @builtins.classmethod
    def from_string(cls, value: builtins.str) -> "NodePoolSpecLimits":
        '''
        :param value: -
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__260a4187e55ddba0e1824ce54c590f8304d8fe6a5389b872f375753ff7bff261)
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        return typing.cast("NodePoolSpecLimits", jsii.sinvoke(cls, "fromString", [value]))

    @builtins.property
    @jsii.member(jsii_name="value")
    def value(self) -> typing.Union[builtins.str, jsii.Number]:
        return typing.cast(typing.Union[builtins.str, jsii.Number], jsii.get(self, "value"))


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplate",
    jsii_struct_bases=[],
    name_mapping={"spec": "spec", "metadata": "metadata"},
)
class NodePoolSpecTemplate:
    def __init__(
        self,
        *,
        spec: typing.Union["NodePoolSpecTemplateSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["NodePoolSpecTemplateMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param spec: 
        :param metadata: 

        :schema: NodePoolSpecTemplate
        '''
        if isinstance(spec, dict):
            spec = NodePoolSpecTemplateSpec(**spec)
        if isinstance(metadata, dict):
            metadata = NodePoolSpecTemplateMetadata(**metadata)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__235868ff208ae84eff1c75a4ee6507b53fbd0246ec66affda9dbbfba2f534810)
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "spec": spec,
        }
        if metadata is not None:
            self._values["metadata"] = metadata

    @builtins.property
    def spec(self) -> "NodePoolSpecTemplateSpec":
        '''
        :schema: NodePoolSpecTemplate#spec
        '''
        result = self._values.get("spec")
        assert result is not None, "Required property 'spec' is missing"
        return typing.cast("NodePoolSpecTemplateSpec", result)

    @builtins.property
    def metadata(self) -> typing.Optional["NodePoolSpecTemplateMetadata"]:
        '''
        :schema: NodePoolSpecTemplate#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["NodePoolSpecTemplateMetadata"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecTemplate(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateMetadata",
    jsii_struct_bases=[],
    name_mapping={"annotations": "annotations", "labels": "labels"},
)
class NodePoolSpecTemplateMetadata:
    def __init__(
        self,
        *,
        annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
        labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''
        :param annotations: 
        :param labels: 

        :schema: NodePoolSpecTemplateMetadata
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3c20add5cf02184a5120d063586dfab8df25ac919764c277fcbd2c679ae88161)
            check_type(argname="argument annotations", value=annotations, expected_type=type_hints["annotations"])
            check_type(argname="argument labels", value=labels, expected_type=type_hints["labels"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if annotations is not None:
            self._values["annotations"] = annotations
        if labels is not None:
            self._values["labels"] = labels

    @builtins.property
    def annotations(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''
        :schema: NodePoolSpecTemplateMetadata#annotations
        '''
        result = self._values.get("annotations")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    @builtins.property
    def labels(self) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''
        :schema: NodePoolSpecTemplateMetadata#labels
        '''
        result = self._values.get("labels")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecTemplateMetadata(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpec",
    jsii_struct_bases=[],
    name_mapping={
        "node_class_ref": "nodeClassRef",
        "requirements": "requirements",
        "expire_after": "expireAfter",
        "startup_taints": "startupTaints",
        "taints": "taints",
        "termination_grace_period": "terminationGracePeriod",
    },
)
class NodePoolSpecTemplateSpec:
    def __init__(
        self,
        *,
        node_class_ref: typing.Union["NodePoolSpecTemplateSpecNodeClassRef", typing.Dict[builtins.str, typing.Any]],
        requirements: typing.Sequence[typing.Union["NodePoolSpecTemplateSpecRequirements", typing.Dict[builtins.str, typing.Any]]],
        expire_after: typing.Optional[builtins.str] = None,
        startup_taints: typing.Optional[typing.Sequence[typing.Union["NodePoolSpecTemplateSpecStartupTaints", typing.Dict[builtins.str, typing.Any]]]] = None,
        taints: typing.Optional[typing.Sequence[typing.Union["NodePoolSpecTemplateSpecTaints", typing.Dict[builtins.str, typing.Any]]]] = None,
        termination_grace_period: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param node_class_ref: 
        :param requirements: 
        :param expire_after: 
        :param startup_taints: 
        :param taints: 
        :param termination_grace_period: 

        :schema: NodePoolSpecTemplateSpec
        '''
        if isinstance(node_class_ref, dict):
            node_class_ref = NodePoolSpecTemplateSpecNodeClassRef(**node_class_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__1fac4145c8a71ab57112d29a4a2eb1fc272acdd96955b8c3668bc903aab310d8)
            check_type(argname="argument node_class_ref", value=node_class_ref, expected_type=type_hints["node_class_ref"])
            check_type(argname="argument requirements", value=requirements, expected_type=type_hints["requirements"])
            check_type(argname="argument expire_after", value=expire_after, expected_type=type_hints["expire_after"])
            check_type(argname="argument startup_taints", value=startup_taints, expected_type=type_hints["startup_taints"])
            check_type(argname="argument taints", value=taints, expected_type=type_hints["taints"])
            check_type(argname="argument termination_grace_period", value=termination_grace_period, expected_type=type_hints["termination_grace_period"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "node_class_ref": node_class_ref,
            "requirements": requirements,
        }
        if expire_after is not None:
            self._values["expire_after"] = expire_after
        if startup_taints is not None:
            self._values["startup_taints"] = startup_taints
        if taints is not None:
            self._values["taints"] = taints
        if termination_grace_period is not None:
            self._values["termination_grace_period"] = termination_grace_period

    @builtins.property
    def node_class_ref(self) -> "NodePoolSpecTemplateSpecNodeClassRef":
        '''
        :schema: NodePoolSpecTemplateSpec#nodeClassRef
        '''
        result = self._values.get("node_class_ref")
        assert result is not None, "Required property 'node_class_ref' is missing"
        return typing.cast("NodePoolSpecTemplateSpecNodeClassRef", result)

    @builtins.property
    def requirements(self) -> typing.List["NodePoolSpecTemplateSpecRequirements"]:
        '''
        :schema: NodePoolSpecTemplateSpec#requirements
        '''
        result = self._values.get("requirements")
        assert result is not None, "Required property 'requirements' is missing"
        return typing.cast(typing.List["NodePoolSpecTemplateSpecRequirements"], result)

    @builtins.property
    def expire_after(self) -> typing.Optional[builtins.str]:
        '''
        :schema: NodePoolSpecTemplateSpec#expireAfter
        '''
        result = self._values.get("expire_after")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def startup_taints(
        self,
    ) -> typing.Optional[typing.List["NodePoolSpecTemplateSpecStartupTaints"]]:
        '''
        :schema: NodePoolSpecTemplateSpec#startupTaints
        '''
        result = self._values.get("startup_taints")
        return typing.cast(typing.Optional[typing.List["NodePoolSpecTemplateSpecStartupTaints"]], result)

    @builtins.property
    def taints(self) -> typing.Optional[typing.List["NodePoolSpecTemplateSpecTaints"]]:
        '''
        :schema: NodePoolSpecTemplateSpec#taints
        '''
        result = self._values.get("taints")
        return typing.cast(typing.Optional[typing.List["NodePoolSpecTemplateSpecTaints"]], result)

    @builtins.property
    def termination_grace_period(self) -> typing.Optional[builtins.str]:
        '''
        :schema: NodePoolSpecTemplateSpec#terminationGracePeriod
        '''
        result = self._values.get("termination_grace_period")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecTemplateSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpecNodeClassRef",
    jsii_struct_bases=[],
    name_mapping={"group": "group", "kind": "kind", "name": "name"},
)
class NodePoolSpecTemplateSpecNodeClassRef:
    def __init__(
        self,
        *,
        group: builtins.str,
        kind: builtins.str,
        name: builtins.str,
    ) -> None:
        '''
        :param group: 
        :param kind: 
        :param name: 

        :schema: NodePoolSpecTemplateSpecNodeClassRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__8d87629860825d5d2248a3dd56adcc54532dc63d0030d01623cbbb78978f6b1e)
            check_type(argname="argument group", value=group, expected_type=type_hints["group"])
            check_type(argname="argument kind", value=kind, expected_type=type_hints["kind"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "group": group,
            "kind": kind,
            "name": name,
        }

    @builtins.property
    def group(self) -> builtins.str:
        '''
        :schema: NodePoolSpecTemplateSpecNodeClassRef#group
        '''
        result = self._values.get("group")
        assert result is not None, "Required property 'group' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def kind(self) -> builtins.str:
        '''
        :schema: NodePoolSpecTemplateSpecNodeClassRef#kind
        '''
        result = self._values.get("kind")
        assert result is not None, "Required property 'kind' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: NodePoolSpecTemplateSpecNodeClassRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecTemplateSpecNodeClassRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpecRequirements",
    jsii_struct_bases=[],
    name_mapping={
        "key": "key",
        "operator": "operator",
        "min_values": "minValues",
        "values": "values",
    },
)
class NodePoolSpecTemplateSpecRequirements:
    def __init__(
        self,
        *,
        key: builtins.str,
        operator: "NodePoolSpecTemplateSpecRequirementsOperator",
        min_values: typing.Optional[jsii.Number] = None,
        values: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''
        :param key: 
        :param operator: 
        :param min_values: 
        :param values: 

        :schema: NodePoolSpecTemplateSpecRequirements
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__97d7e3a346b06fd7cfa47220004a35d0a03b2e2f08308304dcd9dcc9dcd2b698)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument operator", value=operator, expected_type=type_hints["operator"])
            check_type(argname="argument min_values", value=min_values, expected_type=type_hints["min_values"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "operator": operator,
        }
        if min_values is not None:
            self._values["min_values"] = min_values
        if values is not None:
            self._values["values"] = values

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: NodePoolSpecTemplateSpecRequirements#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def operator(self) -> "NodePoolSpecTemplateSpecRequirementsOperator":
        '''
        :schema: NodePoolSpecTemplateSpecRequirements#operator
        '''
        result = self._values.get("operator")
        assert result is not None, "Required property 'operator' is missing"
        return typing.cast("NodePoolSpecTemplateSpecRequirementsOperator", result)

    @builtins.property
    def min_values(self) -> typing.Optional[jsii.Number]:
        '''
        :schema: NodePoolSpecTemplateSpecRequirements#minValues
        '''
        result = self._values.get("min_values")
        return typing.cast(typing.Optional[jsii.Number], result)

    @builtins.property
    def values(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: NodePoolSpecTemplateSpecRequirements#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecTemplateSpecRequirements(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpecRequirementsOperator"
)
class NodePoolSpecTemplateSpecRequirementsOperator(enum.Enum):
    '''
    :schema: NodePoolSpecTemplateSpecRequirementsOperator
    '''

    IN = "IN"
    '''In.'''
    NOT_IN = "NOT_IN"
    '''NotIn.'''
    EXISTS = "EXISTS"
    '''Exists.'''
    DOES_NOT_EXIST = "DOES_NOT_EXIST"
    '''DoesNotExist.'''
    GT = "GT"
    '''Gt.'''
    LT = "LT"
    '''Lt.'''
    GTE = "GTE"
    '''Gte.'''
    LTE = "LTE"
    '''Lte.'''


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpecStartupTaints",
    jsii_struct_bases=[],
    name_mapping={
        "effect": "effect",
        "key": "key",
        "time_added": "timeAdded",
        "value": "value",
    },
)
class NodePoolSpecTemplateSpecStartupTaints:
    def __init__(
        self,
        *,
        effect: "NodePoolSpecTemplateSpecStartupTaintsEffect",
        key: builtins.str,
        time_added: typing.Optional[datetime.datetime] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param effect: 
        :param key: 
        :param time_added: 
        :param value: 

        :schema: NodePoolSpecTemplateSpecStartupTaints
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__369e62f6ec3c136d9ba4b0056605c2bca607869c184b5195d3467105f719a83c)
            check_type(argname="argument effect", value=effect, expected_type=type_hints["effect"])
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument time_added", value=time_added, expected_type=type_hints["time_added"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "effect": effect,
            "key": key,
        }
        if time_added is not None:
            self._values["time_added"] = time_added
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def effect(self) -> "NodePoolSpecTemplateSpecStartupTaintsEffect":
        '''
        :schema: NodePoolSpecTemplateSpecStartupTaints#effect
        '''
        result = self._values.get("effect")
        assert result is not None, "Required property 'effect' is missing"
        return typing.cast("NodePoolSpecTemplateSpecStartupTaintsEffect", result)

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: NodePoolSpecTemplateSpecStartupTaints#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def time_added(self) -> typing.Optional[datetime.datetime]:
        '''
        :schema: NodePoolSpecTemplateSpecStartupTaints#timeAdded
        '''
        result = self._values.get("time_added")
        return typing.cast(typing.Optional[datetime.datetime], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''
        :schema: NodePoolSpecTemplateSpecStartupTaints#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecTemplateSpecStartupTaints(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpecStartupTaintsEffect"
)
class NodePoolSpecTemplateSpecStartupTaintsEffect(enum.Enum):
    '''
    :schema: NodePoolSpecTemplateSpecStartupTaintsEffect
    '''

    NO_SCHEDULE = "NO_SCHEDULE"
    '''NoSchedule.'''
    PREFER_NO_SCHEDULE = "PREFER_NO_SCHEDULE"
    '''PreferNoSchedule.'''
    NO_EXECUTE = "NO_EXECUTE"
    '''NoExecute.'''


@jsii.data_type(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpecTaints",
    jsii_struct_bases=[],
    name_mapping={
        "effect": "effect",
        "key": "key",
        "time_added": "timeAdded",
        "value": "value",
    },
)
class NodePoolSpecTemplateSpecTaints:
    def __init__(
        self,
        *,
        effect: "NodePoolSpecTemplateSpecTaintsEffect",
        key: builtins.str,
        time_added: typing.Optional[datetime.datetime] = None,
        value: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param effect: 
        :param key: 
        :param time_added: 
        :param value: 

        :schema: NodePoolSpecTemplateSpecTaints
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3dca3c796077c56d5fc755f2faf592e14a3b7bb5eb5a638fa3e15593ce535cd9)
            check_type(argname="argument effect", value=effect, expected_type=type_hints["effect"])
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument time_added", value=time_added, expected_type=type_hints["time_added"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "effect": effect,
            "key": key,
        }
        if time_added is not None:
            self._values["time_added"] = time_added
        if value is not None:
            self._values["value"] = value

    @builtins.property
    def effect(self) -> "NodePoolSpecTemplateSpecTaintsEffect":
        '''
        :schema: NodePoolSpecTemplateSpecTaints#effect
        '''
        result = self._values.get("effect")
        assert result is not None, "Required property 'effect' is missing"
        return typing.cast("NodePoolSpecTemplateSpecTaintsEffect", result)

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: NodePoolSpecTemplateSpecTaints#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def time_added(self) -> typing.Optional[datetime.datetime]:
        '''
        :schema: NodePoolSpecTemplateSpecTaints#timeAdded
        '''
        result = self._values.get("time_added")
        return typing.cast(typing.Optional[datetime.datetime], result)

    @builtins.property
    def value(self) -> typing.Optional[builtins.str]:
        '''
        :schema: NodePoolSpecTemplateSpecTaints#value
        '''
        result = self._values.get("value")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "NodePoolSpecTemplateSpecTaints(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="karpenter_node_pool_shkarpenter.NodePoolSpecTemplateSpecTaintsEffect"
)
class NodePoolSpecTemplateSpecTaintsEffect(enum.Enum):
    '''
    :schema: NodePoolSpecTemplateSpecTaintsEffect
    '''

    NO_SCHEDULE = "NO_SCHEDULE"
    '''NoSchedule.'''
    PREFER_NO_SCHEDULE = "PREFER_NO_SCHEDULE"
    '''PreferNoSchedule.'''
    NO_EXECUTE = "NO_EXECUTE"
    '''NoExecute.'''


__all__ = [
    "NodePool",
    "NodePoolProps",
    "NodePoolSpec",
    "NodePoolSpecDisruption",
    "NodePoolSpecDisruptionBudgets",
    "NodePoolSpecDisruptionBudgetsReasons",
    "NodePoolSpecDisruptionConsolidationPolicy",
    "NodePoolSpecLimits",
    "NodePoolSpecTemplate",
    "NodePoolSpecTemplateMetadata",
    "NodePoolSpecTemplateSpec",
    "NodePoolSpecTemplateSpecNodeClassRef",
    "NodePoolSpecTemplateSpecRequirements",
    "NodePoolSpecTemplateSpecRequirementsOperator",
    "NodePoolSpecTemplateSpecStartupTaints",
    "NodePoolSpecTemplateSpecStartupTaintsEffect",
    "NodePoolSpecTemplateSpecTaints",
    "NodePoolSpecTemplateSpecTaintsEffect",
]

publication.publish()

def _typecheckingstub__78c3b056a9ce0184aa21d69c775b7352016eea9ac5b942ac4e40bb6ae3e78857(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    spec: typing.Union[NodePoolSpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__43b3e69ff6b91dbca0e4917c0ab9b54f6eba66f77267df267e14705c27fe6af1(
    *,
    spec: typing.Union[NodePoolSpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__62fda1e7a11ed85eebad38d62754e9d8b8bce29feebd7a57060a8c7222bca28e(
    *,
    template: typing.Union[NodePoolSpecTemplate, typing.Dict[builtins.str, typing.Any]],
    disruption: typing.Optional[typing.Union[NodePoolSpecDisruption, typing.Dict[builtins.str, typing.Any]]] = None,
    limits: typing.Optional[typing.Mapping[builtins.str, NodePoolSpecLimits]] = None,
    replicas: typing.Optional[jsii.Number] = None,
    weight: typing.Optional[jsii.Number] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__8d555253657e67c75f910d17aaa0ecba78278f5f4a9fa67593a26f589ef4929f(
    *,
    budgets: typing.Optional[typing.Sequence[typing.Union[NodePoolSpecDisruptionBudgets, typing.Dict[builtins.str, typing.Any]]]] = None,
    consolidate_after: typing.Optional[builtins.str] = None,
    consolidation_policy: typing.Optional[NodePoolSpecDisruptionConsolidationPolicy] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ffe73ca4996c85f3f5f442addab65de698c81a56c5ca4d3a5ca7073623de717c(
    *,
    nodes: builtins.str,
    duration: typing.Optional[builtins.str] = None,
    reasons: typing.Optional[typing.Sequence[NodePoolSpecDisruptionBudgetsReasons]] = None,
    schedule: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e60eba12cc79e1698ad26cbeaf50b5b9048838bcccf2ab1fbf47a69e68ced60a(
    value: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__260a4187e55ddba0e1824ce54c590f8304d8fe6a5389b872f375753ff7bff261(
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__235868ff208ae84eff1c75a4ee6507b53fbd0246ec66affda9dbbfba2f534810(
    *,
    spec: typing.Union[NodePoolSpecTemplateSpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[NodePoolSpecTemplateMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3c20add5cf02184a5120d063586dfab8df25ac919764c277fcbd2c679ae88161(
    *,
    annotations: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    labels: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__1fac4145c8a71ab57112d29a4a2eb1fc272acdd96955b8c3668bc903aab310d8(
    *,
    node_class_ref: typing.Union[NodePoolSpecTemplateSpecNodeClassRef, typing.Dict[builtins.str, typing.Any]],
    requirements: typing.Sequence[typing.Union[NodePoolSpecTemplateSpecRequirements, typing.Dict[builtins.str, typing.Any]]],
    expire_after: typing.Optional[builtins.str] = None,
    startup_taints: typing.Optional[typing.Sequence[typing.Union[NodePoolSpecTemplateSpecStartupTaints, typing.Dict[builtins.str, typing.Any]]]] = None,
    taints: typing.Optional[typing.Sequence[typing.Union[NodePoolSpecTemplateSpecTaints, typing.Dict[builtins.str, typing.Any]]]] = None,
    termination_grace_period: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__8d87629860825d5d2248a3dd56adcc54532dc63d0030d01623cbbb78978f6b1e(
    *,
    group: builtins.str,
    kind: builtins.str,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__97d7e3a346b06fd7cfa47220004a35d0a03b2e2f08308304dcd9dcc9dcd2b698(
    *,
    key: builtins.str,
    operator: NodePoolSpecTemplateSpecRequirementsOperator,
    min_values: typing.Optional[jsii.Number] = None,
    values: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__369e62f6ec3c136d9ba4b0056605c2bca607869c184b5195d3467105f719a83c(
    *,
    effect: NodePoolSpecTemplateSpecStartupTaintsEffect,
    key: builtins.str,
    time_added: typing.Optional[datetime.datetime] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3dca3c796077c56d5fc755f2faf592e14a3b7bb5eb5a638fa3e15593ce535cd9(
    *,
    effect: NodePoolSpecTemplateSpecTaintsEffect,
    key: builtins.str,
    time_added: typing.Optional[datetime.datetime] = None,
    value: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass
