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


class ModelWeightsCacheConfig(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfig",
):
    '''
    :schema: ModelWeightsCacheConfig
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["ModelWeightsCacheConfigSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "ModelWeightsCacheConfig" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param metadata: 
        :param spec: 
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__1122286477f3156a1894d865a3b89ba313bbf48581abe6576afed8ad506d4a53)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = ModelWeightsCacheConfigProps(metadata=metadata, spec=spec)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["ModelWeightsCacheConfigSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "ModelWeightsCacheConfig".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param metadata: 
        :param spec: 
        '''
        props = ModelWeightsCacheConfigProps(metadata=metadata, spec=spec)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "ModelWeightsCacheConfig".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigProps",
    jsii_struct_bases=[],
    name_mapping={"metadata": "metadata", "spec": "spec"},
)
class ModelWeightsCacheConfigProps:
    def __init__(
        self,
        *,
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
        spec: typing.Optional[typing.Union["ModelWeightsCacheConfigSpec", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param metadata: 
        :param spec: 

        :schema: ModelWeightsCacheConfig
        '''
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if isinstance(spec, dict):
            spec = ModelWeightsCacheConfigSpec(**spec)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7636c7a51c58e779fbbbcf86d3a02b932d0a6966dc022b2503ddacea4eaf9019)
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
        :schema: ModelWeightsCacheConfig#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    @builtins.property
    def spec(self) -> typing.Optional["ModelWeightsCacheConfigSpec"]:
        '''
        :schema: ModelWeightsCacheConfig#spec
        '''
        result = self._values.get("spec")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpec"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpec",
    jsii_struct_bases=[],
    name_mapping={
        "model_source_config": "modelSourceConfig",
        "enabled": "enabled",
        "host_path": "hostPath",
        "jump_start_model": "jumpStartModel",
        "node_affinity": "nodeAffinity",
        "node_selector": "nodeSelector",
    },
)
class ModelWeightsCacheConfigSpec:
    def __init__(
        self,
        *,
        model_source_config: typing.Union["ModelWeightsCacheConfigSpecModelSourceConfig", typing.Dict[builtins.str, typing.Any]],
        enabled: typing.Optional[builtins.bool] = None,
        host_path: typing.Optional[builtins.str] = None,
        jump_start_model: typing.Optional[typing.Union["ModelWeightsCacheConfigSpecJumpStartModel", typing.Dict[builtins.str, typing.Any]]] = None,
        node_affinity: typing.Optional[typing.Union["ModelWeightsCacheConfigSpecNodeAffinity", typing.Dict[builtins.str, typing.Any]]] = None,
        node_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''
        :param model_source_config: 
        :param enabled: 
        :param host_path: 
        :param jump_start_model: 
        :param node_affinity: 
        :param node_selector: 

        :schema: ModelWeightsCacheConfigSpec
        '''
        if isinstance(model_source_config, dict):
            model_source_config = ModelWeightsCacheConfigSpecModelSourceConfig(**model_source_config)
        if isinstance(jump_start_model, dict):
            jump_start_model = ModelWeightsCacheConfigSpecJumpStartModel(**jump_start_model)
        if isinstance(node_affinity, dict):
            node_affinity = ModelWeightsCacheConfigSpecNodeAffinity(**node_affinity)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c914d300ff01814b3e90cae0962e36af25c4f40a3e33fbf15bd5dee66b09320d)
            check_type(argname="argument model_source_config", value=model_source_config, expected_type=type_hints["model_source_config"])
            check_type(argname="argument enabled", value=enabled, expected_type=type_hints["enabled"])
            check_type(argname="argument host_path", value=host_path, expected_type=type_hints["host_path"])
            check_type(argname="argument jump_start_model", value=jump_start_model, expected_type=type_hints["jump_start_model"])
            check_type(argname="argument node_affinity", value=node_affinity, expected_type=type_hints["node_affinity"])
            check_type(argname="argument node_selector", value=node_selector, expected_type=type_hints["node_selector"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "model_source_config": model_source_config,
        }
        if enabled is not None:
            self._values["enabled"] = enabled
        if host_path is not None:
            self._values["host_path"] = host_path
        if jump_start_model is not None:
            self._values["jump_start_model"] = jump_start_model
        if node_affinity is not None:
            self._values["node_affinity"] = node_affinity
        if node_selector is not None:
            self._values["node_selector"] = node_selector

    @builtins.property
    def model_source_config(self) -> "ModelWeightsCacheConfigSpecModelSourceConfig":
        '''
        :schema: ModelWeightsCacheConfigSpec#modelSourceConfig
        '''
        result = self._values.get("model_source_config")
        assert result is not None, "Required property 'model_source_config' is missing"
        return typing.cast("ModelWeightsCacheConfigSpecModelSourceConfig", result)

    @builtins.property
    def enabled(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ModelWeightsCacheConfigSpec#enabled
        '''
        result = self._values.get("enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def host_path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpec#hostPath
        '''
        result = self._values.get("host_path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def jump_start_model(
        self,
    ) -> typing.Optional["ModelWeightsCacheConfigSpecJumpStartModel"]:
        '''
        :schema: ModelWeightsCacheConfigSpec#jumpStartModel
        '''
        result = self._values.get("jump_start_model")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpecJumpStartModel"], result)

    @builtins.property
    def node_affinity(
        self,
    ) -> typing.Optional["ModelWeightsCacheConfigSpecNodeAffinity"]:
        '''
        :schema: ModelWeightsCacheConfigSpec#nodeAffinity
        '''
        result = self._values.get("node_affinity")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpecNodeAffinity"], result)

    @builtins.property
    def node_selector(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''
        :schema: ModelWeightsCacheConfigSpec#nodeSelector
        '''
        result = self._values.get("node_selector")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecJumpStartModel",
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
class ModelWeightsCacheConfigSpecJumpStartModel:
    def __init__(
        self,
        *,
        accept_eula: builtins.bool,
        model_id: builtins.str,
        additional_configs: typing.Optional[typing.Sequence[typing.Union["ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs", typing.Dict[builtins.str, typing.Any]]]] = None,
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

        :schema: ModelWeightsCacheConfigSpecJumpStartModel
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__649399161d362f2d7755e108c8f157b6f57379dd27e561648bfdf0135641f485)
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
        :schema: ModelWeightsCacheConfigSpecJumpStartModel#acceptEula
        '''
        result = self._values.get("accept_eula")
        assert result is not None, "Required property 'accept_eula' is missing"
        return typing.cast(builtins.bool, result)

    @builtins.property
    def model_id(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecJumpStartModel#modelId
        '''
        result = self._values.get("model_id")
        assert result is not None, "Required property 'model_id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def additional_configs(
        self,
    ) -> typing.Optional[typing.List["ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs"]]:
        '''
        :schema: ModelWeightsCacheConfigSpecJumpStartModel#additionalConfigs
        '''
        result = self._values.get("additional_configs")
        return typing.cast(typing.Optional[typing.List["ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs"]], result)

    @builtins.property
    def gated_model_download_role(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecJumpStartModel#gatedModelDownloadRole
        '''
        result = self._values.get("gated_model_download_role")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def model_hub_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecJumpStartModel#modelHubName
        '''
        result = self._values.get("model_hub_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def model_version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecJumpStartModel#modelVersion
        '''
        result = self._values.get("model_version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecJumpStartModel(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "value": "value"},
)
class ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs:
    def __init__(self, *, name: builtins.str, value: builtins.str) -> None:
        '''
        :param name: 
        :param value: 

        :schema: ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__f4cc8e2d0ed7a659409e77135044413a7ae1a7ed78da3c9687d8eb05233d72dd)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument value", value=value, expected_type=type_hints["value"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "value": value,
        }

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def value(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs#value
        '''
        result = self._values.get("value")
        assert result is not None, "Required property 'value' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecModelSourceConfig",
    jsii_struct_bases=[],
    name_mapping={
        "model_source_type": "modelSourceType",
        "fsx_storage": "fsxStorage",
        "hugging_face_model": "huggingFaceModel",
        "model_location": "modelLocation",
        "prefetch_enabled": "prefetchEnabled",
        "s3_storage": "s3Storage",
    },
)
class ModelWeightsCacheConfigSpecModelSourceConfig:
    def __init__(
        self,
        *,
        model_source_type: "ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType",
        fsx_storage: typing.Optional[typing.Union["ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage", typing.Dict[builtins.str, typing.Any]]] = None,
        hugging_face_model: typing.Optional[typing.Union["ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel", typing.Dict[builtins.str, typing.Any]]] = None,
        model_location: typing.Optional[builtins.str] = None,
        prefetch_enabled: typing.Optional[builtins.bool] = None,
        s3_storage: typing.Optional[typing.Union["ModelWeightsCacheConfigSpecModelSourceConfigS3Storage", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param model_source_type: 
        :param fsx_storage: 
        :param hugging_face_model: 
        :param model_location: 
        :param prefetch_enabled: 
        :param s3_storage: 

        :schema: ModelWeightsCacheConfigSpecModelSourceConfig
        '''
        if isinstance(fsx_storage, dict):
            fsx_storage = ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage(**fsx_storage)
        if isinstance(hugging_face_model, dict):
            hugging_face_model = ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel(**hugging_face_model)
        if isinstance(s3_storage, dict):
            s3_storage = ModelWeightsCacheConfigSpecModelSourceConfigS3Storage(**s3_storage)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__005bc6e32c4dff10d1ffca09463161dd442d6d47c0907e0e7db28004441b655b)
            check_type(argname="argument model_source_type", value=model_source_type, expected_type=type_hints["model_source_type"])
            check_type(argname="argument fsx_storage", value=fsx_storage, expected_type=type_hints["fsx_storage"])
            check_type(argname="argument hugging_face_model", value=hugging_face_model, expected_type=type_hints["hugging_face_model"])
            check_type(argname="argument model_location", value=model_location, expected_type=type_hints["model_location"])
            check_type(argname="argument prefetch_enabled", value=prefetch_enabled, expected_type=type_hints["prefetch_enabled"])
            check_type(argname="argument s3_storage", value=s3_storage, expected_type=type_hints["s3_storage"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "model_source_type": model_source_type,
        }
        if fsx_storage is not None:
            self._values["fsx_storage"] = fsx_storage
        if hugging_face_model is not None:
            self._values["hugging_face_model"] = hugging_face_model
        if model_location is not None:
            self._values["model_location"] = model_location
        if prefetch_enabled is not None:
            self._values["prefetch_enabled"] = prefetch_enabled
        if s3_storage is not None:
            self._values["s3_storage"] = s3_storage

    @builtins.property
    def model_source_type(
        self,
    ) -> "ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType":
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfig#modelSourceType
        '''
        result = self._values.get("model_source_type")
        assert result is not None, "Required property 'model_source_type' is missing"
        return typing.cast("ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType", result)

    @builtins.property
    def fsx_storage(
        self,
    ) -> typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage"]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfig#fsxStorage
        '''
        result = self._values.get("fsx_storage")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage"], result)

    @builtins.property
    def hugging_face_model(
        self,
    ) -> typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel"]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfig#huggingFaceModel
        '''
        result = self._values.get("hugging_face_model")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel"], result)

    @builtins.property
    def model_location(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfig#modelLocation
        '''
        result = self._values.get("model_location")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def prefetch_enabled(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfig#prefetchEnabled
        '''
        result = self._values.get("prefetch_enabled")
        return typing.cast(typing.Optional[builtins.bool], result)

    @builtins.property
    def s3_storage(
        self,
    ) -> typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigS3Storage"]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfig#s3Storage
        '''
        result = self._values.get("s3_storage")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigS3Storage"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecModelSourceConfig(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage",
    jsii_struct_bases=[],
    name_mapping={
        "file_system_id": "fileSystemId",
        "dns_name": "dnsName",
        "mount_name": "mountName",
    },
)
class ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage:
    def __init__(
        self,
        *,
        file_system_id: builtins.str,
        dns_name: typing.Optional[builtins.str] = None,
        mount_name: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param file_system_id: 
        :param dns_name: 
        :param mount_name: 

        :schema: ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__aee5b45debf1a5ffefb7ee7f62a21c039a42bd86168636497562107d40bbf6b4)
            check_type(argname="argument file_system_id", value=file_system_id, expected_type=type_hints["file_system_id"])
            check_type(argname="argument dns_name", value=dns_name, expected_type=type_hints["dns_name"])
            check_type(argname="argument mount_name", value=mount_name, expected_type=type_hints["mount_name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "file_system_id": file_system_id,
        }
        if dns_name is not None:
            self._values["dns_name"] = dns_name
        if mount_name is not None:
            self._values["mount_name"] = mount_name

    @builtins.property
    def file_system_id(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage#fileSystemId
        '''
        result = self._values.get("file_system_id")
        assert result is not None, "Required property 'file_system_id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def dns_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage#dnsName
        '''
        result = self._values.get("dns_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def mount_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage#mountName
        '''
        result = self._values.get("mount_name")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel",
    jsii_struct_bases=[],
    name_mapping={
        "model_id": "modelId",
        "commit_sha": "commitSha",
        "token_secret_ref": "tokenSecretRef",
    },
)
class ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel:
    def __init__(
        self,
        *,
        model_id: builtins.str,
        commit_sha: typing.Optional[builtins.str] = None,
        token_secret_ref: typing.Optional[typing.Union["ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param model_id: 
        :param commit_sha: 
        :param token_secret_ref: 

        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel
        '''
        if isinstance(token_secret_ref, dict):
            token_secret_ref = ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef(**token_secret_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c4774137e3c6f0e93715443fe8c3320dcb7b88d8d48d12775331e02d6b531154)
            check_type(argname="argument model_id", value=model_id, expected_type=type_hints["model_id"])
            check_type(argname="argument commit_sha", value=commit_sha, expected_type=type_hints["commit_sha"])
            check_type(argname="argument token_secret_ref", value=token_secret_ref, expected_type=type_hints["token_secret_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "model_id": model_id,
        }
        if commit_sha is not None:
            self._values["commit_sha"] = commit_sha
        if token_secret_ref is not None:
            self._values["token_secret_ref"] = token_secret_ref

    @builtins.property
    def model_id(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel#modelId
        '''
        result = self._values.get("model_id")
        assert result is not None, "Required property 'model_id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def commit_sha(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel#commitSHA
        '''
        result = self._values.get("commit_sha")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def token_secret_ref(
        self,
    ) -> typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef"]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel#tokenSecretRef
        '''
        result = self._values.get("token_secret_ref")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name", "optional": "optional"},
)
class ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef:
    def __init__(
        self,
        *,
        key: builtins.str,
        name: typing.Optional[builtins.str] = None,
        optional: typing.Optional[builtins.bool] = None,
    ) -> None:
        '''
        :param key: 
        :param name: 
        :param optional: 

        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__48b8d5e9c4385ce7870acf9ead77452121f588801f65a09389ac4386b6409c28)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument optional", value=optional, expected_type=type_hints["optional"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
        }
        if name is not None:
            self._values["name"] = name
        if optional is not None:
            self._values["optional"] = optional

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef#name
        '''
        result = self._values.get("name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def optional(self) -> typing.Optional[builtins.bool]:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef#optional
        '''
        result = self._values.get("optional")
        return typing.cast(typing.Optional[builtins.bool], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType"
)
class ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType(enum.Enum):
    '''
    :schema: ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType
    '''

    FSX = "FSX"
    '''fsx.'''
    S3 = "S3"
    '''s3.'''
    HUGGINGFACE = "HUGGINGFACE"
    '''huggingface.'''
    KUBERNETES_VOLUME = "KUBERNETES_VOLUME"
    '''kubernetesVolume.'''


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecModelSourceConfigS3Storage",
    jsii_struct_bases=[],
    name_mapping={"bucket_name": "bucketName", "region": "region"},
)
class ModelWeightsCacheConfigSpecModelSourceConfigS3Storage:
    def __init__(self, *, bucket_name: builtins.str, region: builtins.str) -> None:
        '''
        :param bucket_name: 
        :param region: 

        :schema: ModelWeightsCacheConfigSpecModelSourceConfigS3Storage
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e386286a24b1c13b9a11d89311c13b1776de04ec9abb4a1726b4fba2cf0375a8)
            check_type(argname="argument bucket_name", value=bucket_name, expected_type=type_hints["bucket_name"])
            check_type(argname="argument region", value=region, expected_type=type_hints["region"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "bucket_name": bucket_name,
            "region": region,
        }

    @builtins.property
    def bucket_name(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigS3Storage#bucketName
        '''
        result = self._values.get("bucket_name")
        assert result is not None, "Required property 'bucket_name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def region(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecModelSourceConfigS3Storage#region
        '''
        result = self._values.get("region")
        assert result is not None, "Required property 'region' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecModelSourceConfigS3Storage(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinity",
    jsii_struct_bases=[],
    name_mapping={
        "preferred_during_scheduling_ignored_during_execution": "preferredDuringSchedulingIgnoredDuringExecution",
        "required_during_scheduling_ignored_during_execution": "requiredDuringSchedulingIgnoredDuringExecution",
    },
)
class ModelWeightsCacheConfigSpecNodeAffinity:
    def __init__(
        self,
        *,
        preferred_during_scheduling_ignored_during_execution: typing.Optional[typing.Sequence[typing.Union["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution", typing.Dict[builtins.str, typing.Any]]]] = None,
        required_during_scheduling_ignored_during_execution: typing.Optional[typing.Union["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param preferred_during_scheduling_ignored_during_execution: 
        :param required_during_scheduling_ignored_during_execution: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinity
        '''
        if isinstance(required_during_scheduling_ignored_during_execution, dict):
            required_during_scheduling_ignored_during_execution = ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution(**required_during_scheduling_ignored_during_execution)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__92cd9e2b564a61d1ca4555ae404e82de74c4b30f75c2cdd577173402702c8f1f)
            check_type(argname="argument preferred_during_scheduling_ignored_during_execution", value=preferred_during_scheduling_ignored_during_execution, expected_type=type_hints["preferred_during_scheduling_ignored_during_execution"])
            check_type(argname="argument required_during_scheduling_ignored_during_execution", value=required_during_scheduling_ignored_during_execution, expected_type=type_hints["required_during_scheduling_ignored_during_execution"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if preferred_during_scheduling_ignored_during_execution is not None:
            self._values["preferred_during_scheduling_ignored_during_execution"] = preferred_during_scheduling_ignored_during_execution
        if required_during_scheduling_ignored_during_execution is not None:
            self._values["required_during_scheduling_ignored_during_execution"] = required_during_scheduling_ignored_during_execution

    @builtins.property
    def preferred_during_scheduling_ignored_during_execution(
        self,
    ) -> typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution"]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinity#preferredDuringSchedulingIgnoredDuringExecution
        '''
        result = self._values.get("preferred_during_scheduling_ignored_during_execution")
        return typing.cast(typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution"]], result)

    @builtins.property
    def required_during_scheduling_ignored_during_execution(
        self,
    ) -> typing.Optional["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution"]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinity#requiredDuringSchedulingIgnoredDuringExecution
        '''
        result = self._values.get("required_during_scheduling_ignored_during_execution")
        return typing.cast(typing.Optional["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinity(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution",
    jsii_struct_bases=[],
    name_mapping={"preference": "preference", "weight": "weight"},
)
class ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution:
    def __init__(
        self,
        *,
        preference: typing.Union["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference", typing.Dict[builtins.str, typing.Any]],
        weight: jsii.Number,
    ) -> None:
        '''
        :param preference: 
        :param weight: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution
        '''
        if isinstance(preference, dict):
            preference = ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference(**preference)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__10d687d487733047e6a9dc44984a8d4d19963d1bcbb8640b825c517daecb4c19)
            check_type(argname="argument preference", value=preference, expected_type=type_hints["preference"])
            check_type(argname="argument weight", value=weight, expected_type=type_hints["weight"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "preference": preference,
            "weight": weight,
        }

    @builtins.property
    def preference(
        self,
    ) -> "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference":
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution#preference
        '''
        result = self._values.get("preference")
        assert result is not None, "Required property 'preference' is missing"
        return typing.cast("ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference", result)

    @builtins.property
    def weight(self) -> jsii.Number:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution#weight
        '''
        result = self._values.get("weight")
        assert result is not None, "Required property 'weight' is missing"
        return typing.cast(jsii.Number, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference",
    jsii_struct_bases=[],
    name_mapping={
        "match_expressions": "matchExpressions",
        "match_fields": "matchFields",
    },
)
class ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference:
    def __init__(
        self,
        *,
        match_expressions: typing.Optional[typing.Sequence[typing.Union["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions", typing.Dict[builtins.str, typing.Any]]]] = None,
        match_fields: typing.Optional[typing.Sequence[typing.Union["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''
        :param match_expressions: 
        :param match_fields: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b3a89b95f145100185a23e3b5c8dc0f2dd9892d16d6d66dbaccd9b304ce329c3)
            check_type(argname="argument match_expressions", value=match_expressions, expected_type=type_hints["match_expressions"])
            check_type(argname="argument match_fields", value=match_fields, expected_type=type_hints["match_fields"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if match_expressions is not None:
            self._values["match_expressions"] = match_expressions
        if match_fields is not None:
            self._values["match_fields"] = match_fields

    @builtins.property
    def match_expressions(
        self,
    ) -> typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions"]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference#matchExpressions
        '''
        result = self._values.get("match_expressions")
        return typing.cast(typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions"]], result)

    @builtins.property
    def match_fields(
        self,
    ) -> typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields"]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference#matchFields
        '''
        result = self._values.get("match_fields")
        return typing.cast(typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "operator": "operator", "values": "values"},
)
class ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions:
    def __init__(
        self,
        *,
        key: builtins.str,
        operator: builtins.str,
        values: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''
        :param key: 
        :param operator: 
        :param values: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__4554addfb9d240d6c8b42323f26f80ff2b2ee25983dc732c5d9ecff301b12ca9)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument operator", value=operator, expected_type=type_hints["operator"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "operator": operator,
        }
        if values is not None:
            self._values["values"] = values

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def operator(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions#operator
        '''
        result = self._values.get("operator")
        assert result is not None, "Required property 'operator' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def values(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "operator": "operator", "values": "values"},
)
class ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields:
    def __init__(
        self,
        *,
        key: builtins.str,
        operator: builtins.str,
        values: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''
        :param key: 
        :param operator: 
        :param values: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a6b7ee6f1468f2652c23d1ac47e32124493b7de849f9235196d67c67021e34be)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument operator", value=operator, expected_type=type_hints["operator"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "operator": operator,
        }
        if values is not None:
            self._values["values"] = values

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def operator(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields#operator
        '''
        result = self._values.get("operator")
        assert result is not None, "Required property 'operator' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def values(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution",
    jsii_struct_bases=[],
    name_mapping={"node_selector_terms": "nodeSelectorTerms"},
)
class ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution:
    def __init__(
        self,
        *,
        node_selector_terms: typing.Sequence[typing.Union["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms", typing.Dict[builtins.str, typing.Any]]],
    ) -> None:
        '''
        :param node_selector_terms: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__60b834d8973db5cd2d423c0249bec9bb06130d1dad0151f418c1f9c593ce616a)
            check_type(argname="argument node_selector_terms", value=node_selector_terms, expected_type=type_hints["node_selector_terms"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "node_selector_terms": node_selector_terms,
        }

    @builtins.property
    def node_selector_terms(
        self,
    ) -> typing.List["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms"]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution#nodeSelectorTerms
        '''
        result = self._values.get("node_selector_terms")
        assert result is not None, "Required property 'node_selector_terms' is missing"
        return typing.cast(typing.List["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms",
    jsii_struct_bases=[],
    name_mapping={
        "match_expressions": "matchExpressions",
        "match_fields": "matchFields",
    },
)
class ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms:
    def __init__(
        self,
        *,
        match_expressions: typing.Optional[typing.Sequence[typing.Union["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions", typing.Dict[builtins.str, typing.Any]]]] = None,
        match_fields: typing.Optional[typing.Sequence[typing.Union["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''
        :param match_expressions: 
        :param match_fields: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e130da7371d1697b2738f7cb8f3b30bf3adc0d634e3d1a48938808fb44e140b2)
            check_type(argname="argument match_expressions", value=match_expressions, expected_type=type_hints["match_expressions"])
            check_type(argname="argument match_fields", value=match_fields, expected_type=type_hints["match_fields"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if match_expressions is not None:
            self._values["match_expressions"] = match_expressions
        if match_fields is not None:
            self._values["match_fields"] = match_fields

    @builtins.property
    def match_expressions(
        self,
    ) -> typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions"]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms#matchExpressions
        '''
        result = self._values.get("match_expressions")
        return typing.cast(typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions"]], result)

    @builtins.property
    def match_fields(
        self,
    ) -> typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields"]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms#matchFields
        '''
        result = self._values.get("match_fields")
        return typing.cast(typing.Optional[typing.List["ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "operator": "operator", "values": "values"},
)
class ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions:
    def __init__(
        self,
        *,
        key: builtins.str,
        operator: builtins.str,
        values: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''
        :param key: 
        :param operator: 
        :param values: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5303f73e5ade38d0239925e26fc1ab7d872a6f71ac9ac683edc640fd8049ab29)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument operator", value=operator, expected_type=type_hints["operator"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "operator": operator,
        }
        if values is not None:
            self._values["values"] = values

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def operator(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions#operator
        '''
        result = self._values.get("operator")
        assert result is not None, "Required property 'operator' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def values(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="model_weights_cache_config_comamazonawssagemakerinference.ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "operator": "operator", "values": "values"},
)
class ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields:
    def __init__(
        self,
        *,
        key: builtins.str,
        operator: builtins.str,
        values: typing.Optional[typing.Sequence[builtins.str]] = None,
    ) -> None:
        '''
        :param key: 
        :param operator: 
        :param values: 

        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d1ca9ba3779bda4c3b707426a9f47f1bcabdbd3de51e3a257e933a320638d6d2)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument operator", value=operator, expected_type=type_hints["operator"])
            check_type(argname="argument values", value=values, expected_type=type_hints["values"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "operator": operator,
        }
        if values is not None:
            self._values["values"] = values

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def operator(self) -> builtins.str:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields#operator
        '''
        result = self._values.get("operator")
        assert result is not None, "Required property 'operator' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def values(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields#values
        '''
        result = self._values.get("values")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "ModelWeightsCacheConfig",
    "ModelWeightsCacheConfigProps",
    "ModelWeightsCacheConfigSpec",
    "ModelWeightsCacheConfigSpecJumpStartModel",
    "ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs",
    "ModelWeightsCacheConfigSpecModelSourceConfig",
    "ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage",
    "ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel",
    "ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef",
    "ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType",
    "ModelWeightsCacheConfigSpecModelSourceConfigS3Storage",
    "ModelWeightsCacheConfigSpecNodeAffinity",
    "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution",
    "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference",
    "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions",
    "ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields",
    "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution",
    "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms",
    "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions",
    "ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields",
]

publication.publish()

def _typecheckingstub__1122286477f3156a1894d865a3b89ba313bbf48581abe6576afed8ad506d4a53(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[ModelWeightsCacheConfigSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7636c7a51c58e779fbbbcf86d3a02b932d0a6966dc022b2503ddacea4eaf9019(
    *,
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
    spec: typing.Optional[typing.Union[ModelWeightsCacheConfigSpec, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c914d300ff01814b3e90cae0962e36af25c4f40a3e33fbf15bd5dee66b09320d(
    *,
    model_source_config: typing.Union[ModelWeightsCacheConfigSpecModelSourceConfig, typing.Dict[builtins.str, typing.Any]],
    enabled: typing.Optional[builtins.bool] = None,
    host_path: typing.Optional[builtins.str] = None,
    jump_start_model: typing.Optional[typing.Union[ModelWeightsCacheConfigSpecJumpStartModel, typing.Dict[builtins.str, typing.Any]]] = None,
    node_affinity: typing.Optional[typing.Union[ModelWeightsCacheConfigSpecNodeAffinity, typing.Dict[builtins.str, typing.Any]]] = None,
    node_selector: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__649399161d362f2d7755e108c8f157b6f57379dd27e561648bfdf0135641f485(
    *,
    accept_eula: builtins.bool,
    model_id: builtins.str,
    additional_configs: typing.Optional[typing.Sequence[typing.Union[ModelWeightsCacheConfigSpecJumpStartModelAdditionalConfigs, typing.Dict[builtins.str, typing.Any]]]] = None,
    gated_model_download_role: typing.Optional[builtins.str] = None,
    model_hub_name: typing.Optional[builtins.str] = None,
    model_version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__f4cc8e2d0ed7a659409e77135044413a7ae1a7ed78da3c9687d8eb05233d72dd(
    *,
    name: builtins.str,
    value: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__005bc6e32c4dff10d1ffca09463161dd442d6d47c0907e0e7db28004441b655b(
    *,
    model_source_type: ModelWeightsCacheConfigSpecModelSourceConfigModelSourceType,
    fsx_storage: typing.Optional[typing.Union[ModelWeightsCacheConfigSpecModelSourceConfigFsxStorage, typing.Dict[builtins.str, typing.Any]]] = None,
    hugging_face_model: typing.Optional[typing.Union[ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModel, typing.Dict[builtins.str, typing.Any]]] = None,
    model_location: typing.Optional[builtins.str] = None,
    prefetch_enabled: typing.Optional[builtins.bool] = None,
    s3_storage: typing.Optional[typing.Union[ModelWeightsCacheConfigSpecModelSourceConfigS3Storage, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__aee5b45debf1a5ffefb7ee7f62a21c039a42bd86168636497562107d40bbf6b4(
    *,
    file_system_id: builtins.str,
    dns_name: typing.Optional[builtins.str] = None,
    mount_name: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c4774137e3c6f0e93715443fe8c3320dcb7b88d8d48d12775331e02d6b531154(
    *,
    model_id: builtins.str,
    commit_sha: typing.Optional[builtins.str] = None,
    token_secret_ref: typing.Optional[typing.Union[ModelWeightsCacheConfigSpecModelSourceConfigHuggingFaceModelTokenSecretRef, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__48b8d5e9c4385ce7870acf9ead77452121f588801f65a09389ac4386b6409c28(
    *,
    key: builtins.str,
    name: typing.Optional[builtins.str] = None,
    optional: typing.Optional[builtins.bool] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e386286a24b1c13b9a11d89311c13b1776de04ec9abb4a1726b4fba2cf0375a8(
    *,
    bucket_name: builtins.str,
    region: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__92cd9e2b564a61d1ca4555ae404e82de74c4b30f75c2cdd577173402702c8f1f(
    *,
    preferred_during_scheduling_ignored_during_execution: typing.Optional[typing.Sequence[typing.Union[ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecution, typing.Dict[builtins.str, typing.Any]]]] = None,
    required_during_scheduling_ignored_during_execution: typing.Optional[typing.Union[ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecution, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__10d687d487733047e6a9dc44984a8d4d19963d1bcbb8640b825c517daecb4c19(
    *,
    preference: typing.Union[ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreference, typing.Dict[builtins.str, typing.Any]],
    weight: jsii.Number,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b3a89b95f145100185a23e3b5c8dc0f2dd9892d16d6d66dbaccd9b304ce329c3(
    *,
    match_expressions: typing.Optional[typing.Sequence[typing.Union[ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchExpressions, typing.Dict[builtins.str, typing.Any]]]] = None,
    match_fields: typing.Optional[typing.Sequence[typing.Union[ModelWeightsCacheConfigSpecNodeAffinityPreferredDuringSchedulingIgnoredDuringExecutionPreferenceMatchFields, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__4554addfb9d240d6c8b42323f26f80ff2b2ee25983dc732c5d9ecff301b12ca9(
    *,
    key: builtins.str,
    operator: builtins.str,
    values: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a6b7ee6f1468f2652c23d1ac47e32124493b7de849f9235196d67c67021e34be(
    *,
    key: builtins.str,
    operator: builtins.str,
    values: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__60b834d8973db5cd2d423c0249bec9bb06130d1dad0151f418c1f9c593ce616a(
    *,
    node_selector_terms: typing.Sequence[typing.Union[ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTerms, typing.Dict[builtins.str, typing.Any]]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e130da7371d1697b2738f7cb8f3b30bf3adc0d634e3d1a48938808fb44e140b2(
    *,
    match_expressions: typing.Optional[typing.Sequence[typing.Union[ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchExpressions, typing.Dict[builtins.str, typing.Any]]]] = None,
    match_fields: typing.Optional[typing.Sequence[typing.Union[ModelWeightsCacheConfigSpecNodeAffinityRequiredDuringSchedulingIgnoredDuringExecutionNodeSelectorTermsMatchFields, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5303f73e5ade38d0239925e26fc1ab7d872a6f71ac9ac683edc640fd8049ab29(
    *,
    key: builtins.str,
    operator: builtins.str,
    values: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d1ca9ba3779bda4c3b707426a9f47f1bcabdbd3de51e3a257e933a320638d6d2(
    *,
    key: builtins.str,
    operator: builtins.str,
    values: typing.Optional[typing.Sequence[builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass
