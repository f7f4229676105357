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


class TriggerAuthentication(
    _cdk8s_d3d9af27.ApiObject,
    metaclass=jsii.JSIIMeta,
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthentication",
):
    '''
    :schema: TriggerAuthentication
    '''

    def __init__(
        self,
        scope: "_constructs_77d1e7e8.Construct",
        id: builtins.str,
        *,
        spec: typing.Union["TriggerAuthenticationSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''Defines a "TriggerAuthentication" API object.

        :param scope: the scope in which to define this object.
        :param id: a scope-local name for the object.
        :param spec: 
        :param metadata: 
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__30aeb9a8368d6ab2420d19ec663725f3685b6dec566b435209ef6d384e8fd617)
            check_type(argname="argument scope", value=scope, expected_type=type_hints["scope"])
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
        props = TriggerAuthenticationProps(spec=spec, metadata=metadata)

        jsii.create(self.__class__, self, [scope, id, props])

    @jsii.member(jsii_name="manifest")
    @builtins.classmethod
    def manifest(
        cls,
        *,
        spec: typing.Union["TriggerAuthenticationSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> typing.Any:
        '''Renders a Kubernetes manifest for "TriggerAuthentication".

        This can be used to inline resource manifests inside other objects (e.g. as templates).

        :param spec: 
        :param metadata: 
        '''
        props = TriggerAuthenticationProps(spec=spec, metadata=metadata)

        return typing.cast(typing.Any, jsii.sinvoke(cls, "manifest", [props]))

    @jsii.member(jsii_name="toJson")
    def to_json(self) -> typing.Any:
        '''Renders the object to Kubernetes JSON.'''
        return typing.cast(typing.Any, jsii.invoke(self, "toJson", []))

    @jsii.python.classproperty
    @jsii.member(jsii_name="GVK")
    def GVK(cls) -> "_cdk8s_d3d9af27.GroupVersionKind":
        '''Returns the apiVersion and kind for "TriggerAuthentication".'''
        return typing.cast("_cdk8s_d3d9af27.GroupVersionKind", jsii.sget(cls, "GVK"))


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationProps",
    jsii_struct_bases=[],
    name_mapping={"spec": "spec", "metadata": "metadata"},
)
class TriggerAuthenticationProps:
    def __init__(
        self,
        *,
        spec: typing.Union["TriggerAuthenticationSpec", typing.Dict[builtins.str, typing.Any]],
        metadata: typing.Optional[typing.Union["_cdk8s_d3d9af27.ApiObjectMetadata", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param spec: 
        :param metadata: 

        :schema: TriggerAuthentication
        '''
        if isinstance(spec, dict):
            spec = TriggerAuthenticationSpec(**spec)
        if isinstance(metadata, dict):
            metadata = _cdk8s_d3d9af27.ApiObjectMetadata(**metadata)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__153ba29f22983fb00d2679e714d83f8cbe5f25c33cc517652ded186450d3c85a)
            check_type(argname="argument spec", value=spec, expected_type=type_hints["spec"])
            check_type(argname="argument metadata", value=metadata, expected_type=type_hints["metadata"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "spec": spec,
        }
        if metadata is not None:
            self._values["metadata"] = metadata

    @builtins.property
    def spec(self) -> "TriggerAuthenticationSpec":
        '''
        :schema: TriggerAuthentication#spec
        '''
        result = self._values.get("spec")
        assert result is not None, "Required property 'spec' is missing"
        return typing.cast("TriggerAuthenticationSpec", result)

    @builtins.property
    def metadata(self) -> typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"]:
        '''
        :schema: TriggerAuthentication#metadata
        '''
        result = self._values.get("metadata")
        return typing.cast(typing.Optional["_cdk8s_d3d9af27.ApiObjectMetadata"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationProps(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpec",
    jsii_struct_bases=[],
    name_mapping={
        "aws_secret_manager": "awsSecretManager",
        "azure_key_vault": "azureKeyVault",
        "bound_service_account_token": "boundServiceAccountToken",
        "config_map_target_ref": "configMapTargetRef",
        "env": "env",
        "file_path": "filePath",
        "gcp_secret_manager": "gcpSecretManager",
        "hashi_corp_vault": "hashiCorpVault",
        "oauth2": "oauth2",
        "pod_identity": "podIdentity",
        "secret_target_ref": "secretTargetRef",
    },
)
class TriggerAuthenticationSpec:
    def __init__(
        self,
        *,
        aws_secret_manager: typing.Optional[typing.Union["TriggerAuthenticationSpecAwsSecretManager", typing.Dict[builtins.str, typing.Any]]] = None,
        azure_key_vault: typing.Optional[typing.Union["TriggerAuthenticationSpecAzureKeyVault", typing.Dict[builtins.str, typing.Any]]] = None,
        bound_service_account_token: typing.Optional[typing.Sequence[typing.Union["TriggerAuthenticationSpecBoundServiceAccountToken", typing.Dict[builtins.str, typing.Any]]]] = None,
        config_map_target_ref: typing.Optional[typing.Sequence[typing.Union["TriggerAuthenticationSpecConfigMapTargetRef", typing.Dict[builtins.str, typing.Any]]]] = None,
        env: typing.Optional[typing.Sequence[typing.Union["TriggerAuthenticationSpecEnv", typing.Dict[builtins.str, typing.Any]]]] = None,
        file_path: typing.Optional[builtins.str] = None,
        gcp_secret_manager: typing.Optional[typing.Union["TriggerAuthenticationSpecGcpSecretManager", typing.Dict[builtins.str, typing.Any]]] = None,
        hashi_corp_vault: typing.Optional[typing.Union["TriggerAuthenticationSpecHashiCorpVault", typing.Dict[builtins.str, typing.Any]]] = None,
        oauth2: typing.Optional[typing.Union["TriggerAuthenticationSpecOauth2", typing.Dict[builtins.str, typing.Any]]] = None,
        pod_identity: typing.Optional[typing.Union["TriggerAuthenticationSpecPodIdentity", typing.Dict[builtins.str, typing.Any]]] = None,
        secret_target_ref: typing.Optional[typing.Sequence[typing.Union["TriggerAuthenticationSpecSecretTargetRef", typing.Dict[builtins.str, typing.Any]]]] = None,
    ) -> None:
        '''
        :param aws_secret_manager: 
        :param azure_key_vault: 
        :param bound_service_account_token: 
        :param config_map_target_ref: 
        :param env: 
        :param file_path: 
        :param gcp_secret_manager: 
        :param hashi_corp_vault: 
        :param oauth2: 
        :param pod_identity: 
        :param secret_target_ref: 

        :schema: TriggerAuthenticationSpec
        '''
        if isinstance(aws_secret_manager, dict):
            aws_secret_manager = TriggerAuthenticationSpecAwsSecretManager(**aws_secret_manager)
        if isinstance(azure_key_vault, dict):
            azure_key_vault = TriggerAuthenticationSpecAzureKeyVault(**azure_key_vault)
        if isinstance(gcp_secret_manager, dict):
            gcp_secret_manager = TriggerAuthenticationSpecGcpSecretManager(**gcp_secret_manager)
        if isinstance(hashi_corp_vault, dict):
            hashi_corp_vault = TriggerAuthenticationSpecHashiCorpVault(**hashi_corp_vault)
        if isinstance(oauth2, dict):
            oauth2 = TriggerAuthenticationSpecOauth2(**oauth2)
        if isinstance(pod_identity, dict):
            pod_identity = TriggerAuthenticationSpecPodIdentity(**pod_identity)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__fc8588cf27fd27e54bcf793a4088d6ac8ed2b46b372d2c7f1f2a68838c005381)
            check_type(argname="argument aws_secret_manager", value=aws_secret_manager, expected_type=type_hints["aws_secret_manager"])
            check_type(argname="argument azure_key_vault", value=azure_key_vault, expected_type=type_hints["azure_key_vault"])
            check_type(argname="argument bound_service_account_token", value=bound_service_account_token, expected_type=type_hints["bound_service_account_token"])
            check_type(argname="argument config_map_target_ref", value=config_map_target_ref, expected_type=type_hints["config_map_target_ref"])
            check_type(argname="argument env", value=env, expected_type=type_hints["env"])
            check_type(argname="argument file_path", value=file_path, expected_type=type_hints["file_path"])
            check_type(argname="argument gcp_secret_manager", value=gcp_secret_manager, expected_type=type_hints["gcp_secret_manager"])
            check_type(argname="argument hashi_corp_vault", value=hashi_corp_vault, expected_type=type_hints["hashi_corp_vault"])
            check_type(argname="argument oauth2", value=oauth2, expected_type=type_hints["oauth2"])
            check_type(argname="argument pod_identity", value=pod_identity, expected_type=type_hints["pod_identity"])
            check_type(argname="argument secret_target_ref", value=secret_target_ref, expected_type=type_hints["secret_target_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if aws_secret_manager is not None:
            self._values["aws_secret_manager"] = aws_secret_manager
        if azure_key_vault is not None:
            self._values["azure_key_vault"] = azure_key_vault
        if bound_service_account_token is not None:
            self._values["bound_service_account_token"] = bound_service_account_token
        if config_map_target_ref is not None:
            self._values["config_map_target_ref"] = config_map_target_ref
        if env is not None:
            self._values["env"] = env
        if file_path is not None:
            self._values["file_path"] = file_path
        if gcp_secret_manager is not None:
            self._values["gcp_secret_manager"] = gcp_secret_manager
        if hashi_corp_vault is not None:
            self._values["hashi_corp_vault"] = hashi_corp_vault
        if oauth2 is not None:
            self._values["oauth2"] = oauth2
        if pod_identity is not None:
            self._values["pod_identity"] = pod_identity
        if secret_target_ref is not None:
            self._values["secret_target_ref"] = secret_target_ref

    @builtins.property
    def aws_secret_manager(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAwsSecretManager"]:
        '''
        :schema: TriggerAuthenticationSpec#awsSecretManager
        '''
        result = self._values.get("aws_secret_manager")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAwsSecretManager"], result)

    @builtins.property
    def azure_key_vault(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAzureKeyVault"]:
        '''
        :schema: TriggerAuthenticationSpec#azureKeyVault
        '''
        result = self._values.get("azure_key_vault")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAzureKeyVault"], result)

    @builtins.property
    def bound_service_account_token(
        self,
    ) -> typing.Optional[typing.List["TriggerAuthenticationSpecBoundServiceAccountToken"]]:
        '''
        :schema: TriggerAuthenticationSpec#boundServiceAccountToken
        '''
        result = self._values.get("bound_service_account_token")
        return typing.cast(typing.Optional[typing.List["TriggerAuthenticationSpecBoundServiceAccountToken"]], result)

    @builtins.property
    def config_map_target_ref(
        self,
    ) -> typing.Optional[typing.List["TriggerAuthenticationSpecConfigMapTargetRef"]]:
        '''
        :schema: TriggerAuthenticationSpec#configMapTargetRef
        '''
        result = self._values.get("config_map_target_ref")
        return typing.cast(typing.Optional[typing.List["TriggerAuthenticationSpecConfigMapTargetRef"]], result)

    @builtins.property
    def env(self) -> typing.Optional[typing.List["TriggerAuthenticationSpecEnv"]]:
        '''
        :schema: TriggerAuthenticationSpec#env
        '''
        result = self._values.get("env")
        return typing.cast(typing.Optional[typing.List["TriggerAuthenticationSpecEnv"]], result)

    @builtins.property
    def file_path(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpec#filePath
        '''
        result = self._values.get("file_path")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def gcp_secret_manager(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecGcpSecretManager"]:
        '''
        :schema: TriggerAuthenticationSpec#gcpSecretManager
        '''
        result = self._values.get("gcp_secret_manager")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecGcpSecretManager"], result)

    @builtins.property
    def hashi_corp_vault(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecHashiCorpVault"]:
        '''
        :schema: TriggerAuthenticationSpec#hashiCorpVault
        '''
        result = self._values.get("hashi_corp_vault")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecHashiCorpVault"], result)

    @builtins.property
    def oauth2(self) -> typing.Optional["TriggerAuthenticationSpecOauth2"]:
        '''
        :schema: TriggerAuthenticationSpec#oauth2
        '''
        result = self._values.get("oauth2")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecOauth2"], result)

    @builtins.property
    def pod_identity(self) -> typing.Optional["TriggerAuthenticationSpecPodIdentity"]:
        '''
        :schema: TriggerAuthenticationSpec#podIdentity
        '''
        result = self._values.get("pod_identity")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecPodIdentity"], result)

    @builtins.property
    def secret_target_ref(
        self,
    ) -> typing.Optional[typing.List["TriggerAuthenticationSpecSecretTargetRef"]]:
        '''
        :schema: TriggerAuthenticationSpec#secretTargetRef
        '''
        result = self._values.get("secret_target_ref")
        return typing.cast(typing.Optional[typing.List["TriggerAuthenticationSpecSecretTargetRef"]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpec(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManager",
    jsii_struct_bases=[],
    name_mapping={
        "secrets": "secrets",
        "credentials": "credentials",
        "pod_identity": "podIdentity",
        "region": "region",
    },
)
class TriggerAuthenticationSpecAwsSecretManager:
    def __init__(
        self,
        *,
        secrets: typing.Sequence[typing.Union["TriggerAuthenticationSpecAwsSecretManagerSecrets", typing.Dict[builtins.str, typing.Any]]],
        credentials: typing.Optional[typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentials", typing.Dict[builtins.str, typing.Any]]] = None,
        pod_identity: typing.Optional[typing.Union["TriggerAuthenticationSpecAwsSecretManagerPodIdentity", typing.Dict[builtins.str, typing.Any]]] = None,
        region: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param secrets: 
        :param credentials: 
        :param pod_identity: 
        :param region: 

        :schema: TriggerAuthenticationSpecAwsSecretManager
        '''
        if isinstance(credentials, dict):
            credentials = TriggerAuthenticationSpecAwsSecretManagerCredentials(**credentials)
        if isinstance(pod_identity, dict):
            pod_identity = TriggerAuthenticationSpecAwsSecretManagerPodIdentity(**pod_identity)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ad98de14314185c878864419b9117383db49e984421b547628e96a0b95f64e26)
            check_type(argname="argument secrets", value=secrets, expected_type=type_hints["secrets"])
            check_type(argname="argument credentials", value=credentials, expected_type=type_hints["credentials"])
            check_type(argname="argument pod_identity", value=pod_identity, expected_type=type_hints["pod_identity"])
            check_type(argname="argument region", value=region, expected_type=type_hints["region"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secrets": secrets,
        }
        if credentials is not None:
            self._values["credentials"] = credentials
        if pod_identity is not None:
            self._values["pod_identity"] = pod_identity
        if region is not None:
            self._values["region"] = region

    @builtins.property
    def secrets(
        self,
    ) -> typing.List["TriggerAuthenticationSpecAwsSecretManagerSecrets"]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManager#secrets
        '''
        result = self._values.get("secrets")
        assert result is not None, "Required property 'secrets' is missing"
        return typing.cast(typing.List["TriggerAuthenticationSpecAwsSecretManagerSecrets"], result)

    @builtins.property
    def credentials(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAwsSecretManagerCredentials"]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManager#credentials
        '''
        result = self._values.get("credentials")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAwsSecretManagerCredentials"], result)

    @builtins.property
    def pod_identity(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAwsSecretManagerPodIdentity"]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManager#podIdentity
        '''
        result = self._values.get("pod_identity")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAwsSecretManagerPodIdentity"], result)

    @builtins.property
    def region(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManager#region
        '''
        result = self._values.get("region")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManager(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentials",
    jsii_struct_bases=[],
    name_mapping={
        "access_key": "accessKey",
        "access_secret_key": "accessSecretKey",
        "access_token": "accessToken",
    },
)
class TriggerAuthenticationSpecAwsSecretManagerCredentials:
    def __init__(
        self,
        *,
        access_key: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey", typing.Dict[builtins.str, typing.Any]],
        access_secret_key: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey", typing.Dict[builtins.str, typing.Any]],
        access_token: typing.Optional[typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param access_key: 
        :param access_secret_key: 
        :param access_token: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentials
        '''
        if isinstance(access_key, dict):
            access_key = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey(**access_key)
        if isinstance(access_secret_key, dict):
            access_secret_key = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey(**access_secret_key)
        if isinstance(access_token, dict):
            access_token = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken(**access_token)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__e9f563d0b2998b1f5fa6a61e230193703e0a430ce8b3e8c3d2801acb3b183bff)
            check_type(argname="argument access_key", value=access_key, expected_type=type_hints["access_key"])
            check_type(argname="argument access_secret_key", value=access_secret_key, expected_type=type_hints["access_secret_key"])
            check_type(argname="argument access_token", value=access_token, expected_type=type_hints["access_token"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "access_key": access_key,
            "access_secret_key": access_secret_key,
        }
        if access_token is not None:
            self._values["access_token"] = access_token

    @builtins.property
    def access_key(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentials#accessKey
        '''
        result = self._values.get("access_key")
        assert result is not None, "Required property 'access_key' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey", result)

    @builtins.property
    def access_secret_key(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentials#accessSecretKey
        '''
        result = self._values.get("access_secret_key")
        assert result is not None, "Required property 'access_secret_key' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey", result)

    @builtins.property
    def access_token(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken"]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentials#accessToken
        '''
        result = self._values.get("access_token")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentials(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey",
    jsii_struct_bases=[],
    name_mapping={"value_from": "valueFrom"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey:
    def __init__(
        self,
        *,
        value_from: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param value_from: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey
        '''
        if isinstance(value_from, dict):
            value_from = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom(**value_from)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__5cec90fe4ab1cf96004103fbe58680a54005ef2540898a7a203df1cbfec4635d)
            check_type(argname="argument value_from", value=value_from, expected_type=type_hints["value_from"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "value_from": value_from,
        }

    @builtins.property
    def value_from(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey#valueFrom
        '''
        result = self._values.get("value_from")
        assert result is not None, "Required property 'value_from' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom",
    jsii_struct_bases=[],
    name_mapping={"secret_key_ref": "secretKeyRef"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom:
    def __init__(
        self,
        *,
        secret_key_ref: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param secret_key_ref: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom
        '''
        if isinstance(secret_key_ref, dict):
            secret_key_ref = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef(**secret_key_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a429873af9541890f4f69497975acd8c7d2fc1c6ba46c8a18bc2c88505d74faa)
            check_type(argname="argument secret_key_ref", value=secret_key_ref, expected_type=type_hints["secret_key_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secret_key_ref": secret_key_ref,
        }

    @builtins.property
    def secret_key_ref(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom#secretKeyRef
        '''
        result = self._values.get("secret_key_ref")
        assert result is not None, "Required property 'secret_key_ref' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef:
    def __init__(self, *, key: builtins.str, name: builtins.str) -> None:
        '''
        :param key: 
        :param name: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__843530e31a73d1f982ef56583fb82fe3d2917be934732d07c1cf38a3bc0d9f6f)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey",
    jsii_struct_bases=[],
    name_mapping={"value_from": "valueFrom"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey:
    def __init__(
        self,
        *,
        value_from: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param value_from: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey
        '''
        if isinstance(value_from, dict):
            value_from = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom(**value_from)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__2aade355f2d42569d8147774763ddde3a6f50d276f6bd3451cecbb3130d3196a)
            check_type(argname="argument value_from", value=value_from, expected_type=type_hints["value_from"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "value_from": value_from,
        }

    @builtins.property
    def value_from(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey#valueFrom
        '''
        result = self._values.get("value_from")
        assert result is not None, "Required property 'value_from' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom",
    jsii_struct_bases=[],
    name_mapping={"secret_key_ref": "secretKeyRef"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom:
    def __init__(
        self,
        *,
        secret_key_ref: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param secret_key_ref: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom
        '''
        if isinstance(secret_key_ref, dict):
            secret_key_ref = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef(**secret_key_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0a447c78d8730b136e9298de0a2e0625d6ee572f7f21ef598d6f312b5ea28089)
            check_type(argname="argument secret_key_ref", value=secret_key_ref, expected_type=type_hints["secret_key_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secret_key_ref": secret_key_ref,
        }

    @builtins.property
    def secret_key_ref(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom#secretKeyRef
        '''
        result = self._values.get("secret_key_ref")
        assert result is not None, "Required property 'secret_key_ref' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef:
    def __init__(self, *, key: builtins.str, name: builtins.str) -> None:
        '''
        :param key: 
        :param name: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__78b03b0cb7f3d0316658f4c57a3f269d5542636ee3d29756dce8906b48ad7d3c)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken",
    jsii_struct_bases=[],
    name_mapping={"value_from": "valueFrom"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken:
    def __init__(
        self,
        *,
        value_from: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param value_from: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken
        '''
        if isinstance(value_from, dict):
            value_from = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom(**value_from)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__a1efc2340e410d74953c3319add2f671618afa7cd0d70fc4f4b389762d0c3ff0)
            check_type(argname="argument value_from", value=value_from, expected_type=type_hints["value_from"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "value_from": value_from,
        }

    @builtins.property
    def value_from(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken#valueFrom
        '''
        result = self._values.get("value_from")
        assert result is not None, "Required property 'value_from' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom",
    jsii_struct_bases=[],
    name_mapping={"secret_key_ref": "secretKeyRef"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom:
    def __init__(
        self,
        *,
        secret_key_ref: typing.Union["TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param secret_key_ref: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom
        '''
        if isinstance(secret_key_ref, dict):
            secret_key_ref = TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef(**secret_key_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__98322bd3b9fb81b7ae43107086b6418a88ea3ae94197d640769abbdf50d4729b)
            check_type(argname="argument secret_key_ref", value=secret_key_ref, expected_type=type_hints["secret_key_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secret_key_ref": secret_key_ref,
        }

    @builtins.property
    def secret_key_ref(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom#secretKeyRef
        '''
        result = self._values.get("secret_key_ref")
        assert result is not None, "Required property 'secret_key_ref' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name"},
)
class TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef:
    def __init__(self, *, key: builtins.str, name: builtins.str) -> None:
        '''
        :param key: 
        :param name: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__ea84b032bb6f39a45c87f12d807595638ea7014c5ce1320863cb9a732ec00c07)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerPodIdentity",
    jsii_struct_bases=[],
    name_mapping={
        "provider": "provider",
        "external_id": "externalId",
        "identity_authority_host": "identityAuthorityHost",
        "identity_id": "identityId",
        "identity_owner": "identityOwner",
        "identity_tenant_id": "identityTenantId",
        "role_arn": "roleArn",
    },
)
class TriggerAuthenticationSpecAwsSecretManagerPodIdentity:
    def __init__(
        self,
        *,
        provider: "TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider",
        external_id: typing.Optional[builtins.str] = None,
        identity_authority_host: typing.Optional[builtins.str] = None,
        identity_id: typing.Optional[builtins.str] = None,
        identity_owner: typing.Optional["TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner"] = None,
        identity_tenant_id: typing.Optional[builtins.str] = None,
        role_arn: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param provider: 
        :param external_id: 
        :param identity_authority_host: 
        :param identity_id: 
        :param identity_owner: 
        :param identity_tenant_id: 
        :param role_arn: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__b84fffc03c9ad845fbd18f92ae3150b3894ff0ef5d44bd7c674fd773596fc8bd)
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument external_id", value=external_id, expected_type=type_hints["external_id"])
            check_type(argname="argument identity_authority_host", value=identity_authority_host, expected_type=type_hints["identity_authority_host"])
            check_type(argname="argument identity_id", value=identity_id, expected_type=type_hints["identity_id"])
            check_type(argname="argument identity_owner", value=identity_owner, expected_type=type_hints["identity_owner"])
            check_type(argname="argument identity_tenant_id", value=identity_tenant_id, expected_type=type_hints["identity_tenant_id"])
            check_type(argname="argument role_arn", value=role_arn, expected_type=type_hints["role_arn"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "provider": provider,
        }
        if external_id is not None:
            self._values["external_id"] = external_id
        if identity_authority_host is not None:
            self._values["identity_authority_host"] = identity_authority_host
        if identity_id is not None:
            self._values["identity_id"] = identity_id
        if identity_owner is not None:
            self._values["identity_owner"] = identity_owner
        if identity_tenant_id is not None:
            self._values["identity_tenant_id"] = identity_tenant_id
        if role_arn is not None:
            self._values["role_arn"] = role_arn

    @builtins.property
    def provider(
        self,
    ) -> "TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider":
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity#provider
        '''
        result = self._values.get("provider")
        assert result is not None, "Required property 'provider' is missing"
        return typing.cast("TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider", result)

    @builtins.property
    def external_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity#externalID
        '''
        result = self._values.get("external_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_authority_host(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity#identityAuthorityHost
        '''
        result = self._values.get("identity_authority_host")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity#identityId
        '''
        result = self._values.get("identity_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_owner(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner"]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity#identityOwner
        '''
        result = self._values.get("identity_owner")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner"], result)

    @builtins.property
    def identity_tenant_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity#identityTenantId
        '''
        result = self._values.get("identity_tenant_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def role_arn(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentity#roleArn
        '''
        result = self._values.get("role_arn")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerPodIdentity(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner"
)
class TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner
    '''

    KEDA = "KEDA"
    '''keda.'''
    WORKLOAD = "WORKLOAD"
    '''workload.'''


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider"
)
class TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider
    '''

    AZURE_HYPHEN_WORKLOAD = "AZURE_HYPHEN_WORKLOAD"
    '''azure-workload.'''
    GCP = "GCP"
    '''gcp.'''
    AWS = "AWS"
    '''aws.'''
    AWS_HYPHEN_EKS = "AWS_HYPHEN_EKS"
    '''aws-eks.'''
    NONE = "NONE"
    '''none.'''


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAwsSecretManagerSecrets",
    jsii_struct_bases=[],
    name_mapping={
        "name": "name",
        "parameter": "parameter",
        "secret_key": "secretKey",
        "version_id": "versionId",
        "version_stage": "versionStage",
    },
)
class TriggerAuthenticationSpecAwsSecretManagerSecrets:
    def __init__(
        self,
        *,
        name: builtins.str,
        parameter: builtins.str,
        secret_key: typing.Optional[builtins.str] = None,
        version_id: typing.Optional[builtins.str] = None,
        version_stage: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param name: 
        :param parameter: 
        :param secret_key: 
        :param version_id: 
        :param version_stage: 

        :schema: TriggerAuthenticationSpecAwsSecretManagerSecrets
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__dd1d012fbfec6f089fb84cc48fbcd147a1b10d8ea64eeca02567a64b1eb7d8d9)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
            check_type(argname="argument secret_key", value=secret_key, expected_type=type_hints["secret_key"])
            check_type(argname="argument version_id", value=version_id, expected_type=type_hints["version_id"])
            check_type(argname="argument version_stage", value=version_stage, expected_type=type_hints["version_stage"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "parameter": parameter,
        }
        if secret_key is not None:
            self._values["secret_key"] = secret_key
        if version_id is not None:
            self._values["version_id"] = version_id
        if version_stage is not None:
            self._values["version_stage"] = version_stage

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerSecrets#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerSecrets#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def secret_key(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerSecrets#secretKey
        '''
        result = self._values.get("secret_key")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerSecrets#versionId
        '''
        result = self._values.get("version_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def version_stage(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAwsSecretManagerSecrets#versionStage
        '''
        result = self._values.get("version_stage")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAwsSecretManagerSecrets(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVault",
    jsii_struct_bases=[],
    name_mapping={
        "secrets": "secrets",
        "vault_uri": "vaultUri",
        "cloud": "cloud",
        "credentials": "credentials",
        "pod_identity": "podIdentity",
    },
)
class TriggerAuthenticationSpecAzureKeyVault:
    def __init__(
        self,
        *,
        secrets: typing.Sequence[typing.Union["TriggerAuthenticationSpecAzureKeyVaultSecrets", typing.Dict[builtins.str, typing.Any]]],
        vault_uri: builtins.str,
        cloud: typing.Optional[typing.Union["TriggerAuthenticationSpecAzureKeyVaultCloud", typing.Dict[builtins.str, typing.Any]]] = None,
        credentials: typing.Optional[typing.Union["TriggerAuthenticationSpecAzureKeyVaultCredentials", typing.Dict[builtins.str, typing.Any]]] = None,
        pod_identity: typing.Optional[typing.Union["TriggerAuthenticationSpecAzureKeyVaultPodIdentity", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param secrets: 
        :param vault_uri: 
        :param cloud: 
        :param credentials: 
        :param pod_identity: 

        :schema: TriggerAuthenticationSpecAzureKeyVault
        '''
        if isinstance(cloud, dict):
            cloud = TriggerAuthenticationSpecAzureKeyVaultCloud(**cloud)
        if isinstance(credentials, dict):
            credentials = TriggerAuthenticationSpecAzureKeyVaultCredentials(**credentials)
        if isinstance(pod_identity, dict):
            pod_identity = TriggerAuthenticationSpecAzureKeyVaultPodIdentity(**pod_identity)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__c1ccd34f478c6c1d49c5f317cff3e18b9e0d6b0b80aa4f397df84655c5edbb41)
            check_type(argname="argument secrets", value=secrets, expected_type=type_hints["secrets"])
            check_type(argname="argument vault_uri", value=vault_uri, expected_type=type_hints["vault_uri"])
            check_type(argname="argument cloud", value=cloud, expected_type=type_hints["cloud"])
            check_type(argname="argument credentials", value=credentials, expected_type=type_hints["credentials"])
            check_type(argname="argument pod_identity", value=pod_identity, expected_type=type_hints["pod_identity"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secrets": secrets,
            "vault_uri": vault_uri,
        }
        if cloud is not None:
            self._values["cloud"] = cloud
        if credentials is not None:
            self._values["credentials"] = credentials
        if pod_identity is not None:
            self._values["pod_identity"] = pod_identity

    @builtins.property
    def secrets(self) -> typing.List["TriggerAuthenticationSpecAzureKeyVaultSecrets"]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVault#secrets
        '''
        result = self._values.get("secrets")
        assert result is not None, "Required property 'secrets' is missing"
        return typing.cast(typing.List["TriggerAuthenticationSpecAzureKeyVaultSecrets"], result)

    @builtins.property
    def vault_uri(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVault#vaultUri
        '''
        result = self._values.get("vault_uri")
        assert result is not None, "Required property 'vault_uri' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def cloud(self) -> typing.Optional["TriggerAuthenticationSpecAzureKeyVaultCloud"]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVault#cloud
        '''
        result = self._values.get("cloud")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAzureKeyVaultCloud"], result)

    @builtins.property
    def credentials(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAzureKeyVaultCredentials"]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVault#credentials
        '''
        result = self._values.get("credentials")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAzureKeyVaultCredentials"], result)

    @builtins.property
    def pod_identity(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAzureKeyVaultPodIdentity"]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVault#podIdentity
        '''
        result = self._values.get("pod_identity")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAzureKeyVaultPodIdentity"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVault(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultCloud",
    jsii_struct_bases=[],
    name_mapping={
        "type": "type",
        "active_directory_endpoint": "activeDirectoryEndpoint",
        "key_vault_resource_url": "keyVaultResourceUrl",
    },
)
class TriggerAuthenticationSpecAzureKeyVaultCloud:
    def __init__(
        self,
        *,
        type: builtins.str,
        active_directory_endpoint: typing.Optional[builtins.str] = None,
        key_vault_resource_url: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param type: 
        :param active_directory_endpoint: 
        :param key_vault_resource_url: 

        :schema: TriggerAuthenticationSpecAzureKeyVaultCloud
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7986b0b5e359c1a503faf1d3d94754d5e9877897bd84fd406fbb4bd522799190)
            check_type(argname="argument type", value=type, expected_type=type_hints["type"])
            check_type(argname="argument active_directory_endpoint", value=active_directory_endpoint, expected_type=type_hints["active_directory_endpoint"])
            check_type(argname="argument key_vault_resource_url", value=key_vault_resource_url, expected_type=type_hints["key_vault_resource_url"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "type": type,
        }
        if active_directory_endpoint is not None:
            self._values["active_directory_endpoint"] = active_directory_endpoint
        if key_vault_resource_url is not None:
            self._values["key_vault_resource_url"] = key_vault_resource_url

    @builtins.property
    def type(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCloud#type
        '''
        result = self._values.get("type")
        assert result is not None, "Required property 'type' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def active_directory_endpoint(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCloud#activeDirectoryEndpoint
        '''
        result = self._values.get("active_directory_endpoint")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def key_vault_resource_url(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCloud#keyVaultResourceURL
        '''
        result = self._values.get("key_vault_resource_url")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVaultCloud(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultCredentials",
    jsii_struct_bases=[],
    name_mapping={
        "client_id": "clientId",
        "client_secret": "clientSecret",
        "tenant_id": "tenantId",
    },
)
class TriggerAuthenticationSpecAzureKeyVaultCredentials:
    def __init__(
        self,
        *,
        client_id: builtins.str,
        client_secret: typing.Union["TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret", typing.Dict[builtins.str, typing.Any]],
        tenant_id: builtins.str,
    ) -> None:
        '''
        :param client_id: 
        :param client_secret: 
        :param tenant_id: 

        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentials
        '''
        if isinstance(client_secret, dict):
            client_secret = TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret(**client_secret)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__99441260022cf6fdbe14fa43ad8df97bc1b5c02c2fe1d1f90bc079ba6cd999cc)
            check_type(argname="argument client_id", value=client_id, expected_type=type_hints["client_id"])
            check_type(argname="argument client_secret", value=client_secret, expected_type=type_hints["client_secret"])
            check_type(argname="argument tenant_id", value=tenant_id, expected_type=type_hints["tenant_id"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "client_id": client_id,
            "client_secret": client_secret,
            "tenant_id": tenant_id,
        }

    @builtins.property
    def client_id(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentials#clientId
        '''
        result = self._values.get("client_id")
        assert result is not None, "Required property 'client_id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def client_secret(
        self,
    ) -> "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret":
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentials#clientSecret
        '''
        result = self._values.get("client_secret")
        assert result is not None, "Required property 'client_secret' is missing"
        return typing.cast("TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret", result)

    @builtins.property
    def tenant_id(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentials#tenantId
        '''
        result = self._values.get("tenant_id")
        assert result is not None, "Required property 'tenant_id' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVaultCredentials(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret",
    jsii_struct_bases=[],
    name_mapping={"value_from": "valueFrom"},
)
class TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret:
    def __init__(
        self,
        *,
        value_from: typing.Union["TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param value_from: 

        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret
        '''
        if isinstance(value_from, dict):
            value_from = TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom(**value_from)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d4172b8ba08369b522c9da68e817da610bacf90efdf6be22726c316d1802283f)
            check_type(argname="argument value_from", value=value_from, expected_type=type_hints["value_from"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "value_from": value_from,
        }

    @builtins.property
    def value_from(
        self,
    ) -> "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom":
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret#valueFrom
        '''
        result = self._values.get("value_from")
        assert result is not None, "Required property 'value_from' is missing"
        return typing.cast("TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom",
    jsii_struct_bases=[],
    name_mapping={"secret_key_ref": "secretKeyRef"},
)
class TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom:
    def __init__(
        self,
        *,
        secret_key_ref: typing.Union["TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param secret_key_ref: 

        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom
        '''
        if isinstance(secret_key_ref, dict):
            secret_key_ref = TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef(**secret_key_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__da0abc46fee1d90a8ef5db2824f1b3b0ac839efc28191a021a2c261c84f24dbe)
            check_type(argname="argument secret_key_ref", value=secret_key_ref, expected_type=type_hints["secret_key_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secret_key_ref": secret_key_ref,
        }

    @builtins.property
    def secret_key_ref(
        self,
    ) -> "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef":
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom#secretKeyRef
        '''
        result = self._values.get("secret_key_ref")
        assert result is not None, "Required property 'secret_key_ref' is missing"
        return typing.cast("TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name"},
)
class TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef:
    def __init__(self, *, key: builtins.str, name: builtins.str) -> None:
        '''
        :param key: 
        :param name: 

        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__37e022263c004e34fb5f9667159fef648301b0356006ff02b9b6c43af1535710)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultPodIdentity",
    jsii_struct_bases=[],
    name_mapping={
        "provider": "provider",
        "external_id": "externalId",
        "identity_authority_host": "identityAuthorityHost",
        "identity_id": "identityId",
        "identity_owner": "identityOwner",
        "identity_tenant_id": "identityTenantId",
        "role_arn": "roleArn",
    },
)
class TriggerAuthenticationSpecAzureKeyVaultPodIdentity:
    def __init__(
        self,
        *,
        provider: "TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider",
        external_id: typing.Optional[builtins.str] = None,
        identity_authority_host: typing.Optional[builtins.str] = None,
        identity_id: typing.Optional[builtins.str] = None,
        identity_owner: typing.Optional["TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner"] = None,
        identity_tenant_id: typing.Optional[builtins.str] = None,
        role_arn: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param provider: 
        :param external_id: 
        :param identity_authority_host: 
        :param identity_id: 
        :param identity_owner: 
        :param identity_tenant_id: 
        :param role_arn: 

        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9aa1c25d82300398450479a4ecb117d778cd3543287db5629487fc7047b0b2dd)
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument external_id", value=external_id, expected_type=type_hints["external_id"])
            check_type(argname="argument identity_authority_host", value=identity_authority_host, expected_type=type_hints["identity_authority_host"])
            check_type(argname="argument identity_id", value=identity_id, expected_type=type_hints["identity_id"])
            check_type(argname="argument identity_owner", value=identity_owner, expected_type=type_hints["identity_owner"])
            check_type(argname="argument identity_tenant_id", value=identity_tenant_id, expected_type=type_hints["identity_tenant_id"])
            check_type(argname="argument role_arn", value=role_arn, expected_type=type_hints["role_arn"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "provider": provider,
        }
        if external_id is not None:
            self._values["external_id"] = external_id
        if identity_authority_host is not None:
            self._values["identity_authority_host"] = identity_authority_host
        if identity_id is not None:
            self._values["identity_id"] = identity_id
        if identity_owner is not None:
            self._values["identity_owner"] = identity_owner
        if identity_tenant_id is not None:
            self._values["identity_tenant_id"] = identity_tenant_id
        if role_arn is not None:
            self._values["role_arn"] = role_arn

    @builtins.property
    def provider(self) -> "TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider":
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity#provider
        '''
        result = self._values.get("provider")
        assert result is not None, "Required property 'provider' is missing"
        return typing.cast("TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider", result)

    @builtins.property
    def external_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity#externalID
        '''
        result = self._values.get("external_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_authority_host(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity#identityAuthorityHost
        '''
        result = self._values.get("identity_authority_host")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity#identityId
        '''
        result = self._values.get("identity_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_owner(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner"]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity#identityOwner
        '''
        result = self._values.get("identity_owner")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner"], result)

    @builtins.property
    def identity_tenant_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity#identityTenantId
        '''
        result = self._values.get("identity_tenant_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def role_arn(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentity#roleArn
        '''
        result = self._values.get("role_arn")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVaultPodIdentity(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner"
)
class TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner
    '''

    KEDA = "KEDA"
    '''keda.'''
    WORKLOAD = "WORKLOAD"
    '''workload.'''


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider"
)
class TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider
    '''

    AZURE_HYPHEN_WORKLOAD = "AZURE_HYPHEN_WORKLOAD"
    '''azure-workload.'''
    GCP = "GCP"
    '''gcp.'''
    AWS = "AWS"
    '''aws.'''
    AWS_HYPHEN_EKS = "AWS_HYPHEN_EKS"
    '''aws-eks.'''
    NONE = "NONE"
    '''none.'''


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecAzureKeyVaultSecrets",
    jsii_struct_bases=[],
    name_mapping={"name": "name", "parameter": "parameter", "version": "version"},
)
class TriggerAuthenticationSpecAzureKeyVaultSecrets:
    def __init__(
        self,
        *,
        name: builtins.str,
        parameter: builtins.str,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param name: 
        :param parameter: 
        :param version: 

        :schema: TriggerAuthenticationSpecAzureKeyVaultSecrets
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0383289cbc816cbb81e867ef026c1ffdba000209860e54804f2cb1a0ba7daf82)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "parameter": parameter,
        }
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultSecrets#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultSecrets#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecAzureKeyVaultSecrets#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecAzureKeyVaultSecrets(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecBoundServiceAccountToken",
    jsii_struct_bases=[],
    name_mapping={
        "parameter": "parameter",
        "service_account_name": "serviceAccountName",
    },
)
class TriggerAuthenticationSpecBoundServiceAccountToken:
    def __init__(
        self,
        *,
        parameter: builtins.str,
        service_account_name: builtins.str,
    ) -> None:
        '''
        :param parameter: 
        :param service_account_name: 

        :schema: TriggerAuthenticationSpecBoundServiceAccountToken
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__07a87b92680d1613ef50340025e1b81123a130a0acb597b251dd015affa8bdc8)
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
            check_type(argname="argument service_account_name", value=service_account_name, expected_type=type_hints["service_account_name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "parameter": parameter,
            "service_account_name": service_account_name,
        }

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecBoundServiceAccountToken#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def service_account_name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecBoundServiceAccountToken#serviceAccountName
        '''
        result = self._values.get("service_account_name")
        assert result is not None, "Required property 'service_account_name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecBoundServiceAccountToken(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecConfigMapTargetRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name", "parameter": "parameter"},
)
class TriggerAuthenticationSpecConfigMapTargetRef:
    def __init__(
        self,
        *,
        key: builtins.str,
        name: builtins.str,
        parameter: builtins.str,
    ) -> None:
        '''
        :param key: 
        :param name: 
        :param parameter: 

        :schema: TriggerAuthenticationSpecConfigMapTargetRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__457971607f62451bf33ea776fb8052a347436a5377d235e423cfa9db0c12480b)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
            "parameter": parameter,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecConfigMapTargetRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecConfigMapTargetRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecConfigMapTargetRef#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecConfigMapTargetRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecEnv",
    jsii_struct_bases=[],
    name_mapping={
        "name": "name",
        "parameter": "parameter",
        "container_name": "containerName",
    },
)
class TriggerAuthenticationSpecEnv:
    def __init__(
        self,
        *,
        name: builtins.str,
        parameter: builtins.str,
        container_name: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param name: 
        :param parameter: 
        :param container_name: 

        :schema: TriggerAuthenticationSpecEnv
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__75bc4f69ae060617f9eab82be1e351d3ce81816d463822099e76054609084d1c)
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
            check_type(argname="argument container_name", value=container_name, expected_type=type_hints["container_name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "name": name,
            "parameter": parameter,
        }
        if container_name is not None:
            self._values["container_name"] = container_name

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecEnv#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecEnv#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def container_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecEnv#containerName
        '''
        result = self._values.get("container_name")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecEnv(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManager",
    jsii_struct_bases=[],
    name_mapping={
        "secrets": "secrets",
        "credentials": "credentials",
        "pod_identity": "podIdentity",
    },
)
class TriggerAuthenticationSpecGcpSecretManager:
    def __init__(
        self,
        *,
        secrets: typing.Sequence[typing.Union["TriggerAuthenticationSpecGcpSecretManagerSecrets", typing.Dict[builtins.str, typing.Any]]],
        credentials: typing.Optional[typing.Union["TriggerAuthenticationSpecGcpSecretManagerCredentials", typing.Dict[builtins.str, typing.Any]]] = None,
        pod_identity: typing.Optional[typing.Union["TriggerAuthenticationSpecGcpSecretManagerPodIdentity", typing.Dict[builtins.str, typing.Any]]] = None,
    ) -> None:
        '''
        :param secrets: 
        :param credentials: 
        :param pod_identity: 

        :schema: TriggerAuthenticationSpecGcpSecretManager
        '''
        if isinstance(credentials, dict):
            credentials = TriggerAuthenticationSpecGcpSecretManagerCredentials(**credentials)
        if isinstance(pod_identity, dict):
            pod_identity = TriggerAuthenticationSpecGcpSecretManagerPodIdentity(**pod_identity)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__2aa0c3698da04a028b229a6e934232dd589a23102916d5cf4024275f3e33934a)
            check_type(argname="argument secrets", value=secrets, expected_type=type_hints["secrets"])
            check_type(argname="argument credentials", value=credentials, expected_type=type_hints["credentials"])
            check_type(argname="argument pod_identity", value=pod_identity, expected_type=type_hints["pod_identity"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secrets": secrets,
        }
        if credentials is not None:
            self._values["credentials"] = credentials
        if pod_identity is not None:
            self._values["pod_identity"] = pod_identity

    @builtins.property
    def secrets(
        self,
    ) -> typing.List["TriggerAuthenticationSpecGcpSecretManagerSecrets"]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManager#secrets
        '''
        result = self._values.get("secrets")
        assert result is not None, "Required property 'secrets' is missing"
        return typing.cast(typing.List["TriggerAuthenticationSpecGcpSecretManagerSecrets"], result)

    @builtins.property
    def credentials(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecGcpSecretManagerCredentials"]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManager#credentials
        '''
        result = self._values.get("credentials")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecGcpSecretManagerCredentials"], result)

    @builtins.property
    def pod_identity(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecGcpSecretManagerPodIdentity"]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManager#podIdentity
        '''
        result = self._values.get("pod_identity")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecGcpSecretManagerPodIdentity"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecGcpSecretManager(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerCredentials",
    jsii_struct_bases=[],
    name_mapping={"client_secret": "clientSecret"},
)
class TriggerAuthenticationSpecGcpSecretManagerCredentials:
    def __init__(
        self,
        *,
        client_secret: typing.Union["TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param client_secret: 

        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentials
        '''
        if isinstance(client_secret, dict):
            client_secret = TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret(**client_secret)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__1bd1075c8968c5c38e499c7cbc1a38e73f4a33d39f16fdbcba71ff655eeb10ac)
            check_type(argname="argument client_secret", value=client_secret, expected_type=type_hints["client_secret"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "client_secret": client_secret,
        }

    @builtins.property
    def client_secret(
        self,
    ) -> "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret":
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentials#clientSecret
        '''
        result = self._values.get("client_secret")
        assert result is not None, "Required property 'client_secret' is missing"
        return typing.cast("TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecGcpSecretManagerCredentials(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret",
    jsii_struct_bases=[],
    name_mapping={"value_from": "valueFrom"},
)
class TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret:
    def __init__(
        self,
        *,
        value_from: typing.Union["TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param value_from: 

        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret
        '''
        if isinstance(value_from, dict):
            value_from = TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom(**value_from)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__3ee7102a5ee8753a04d079ae6fdc426955e8fad961bae249a2ac77edc26fc718)
            check_type(argname="argument value_from", value=value_from, expected_type=type_hints["value_from"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "value_from": value_from,
        }

    @builtins.property
    def value_from(
        self,
    ) -> "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom":
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret#valueFrom
        '''
        result = self._values.get("value_from")
        assert result is not None, "Required property 'value_from' is missing"
        return typing.cast("TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom",
    jsii_struct_bases=[],
    name_mapping={"secret_key_ref": "secretKeyRef"},
)
class TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom:
    def __init__(
        self,
        *,
        secret_key_ref: typing.Union["TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param secret_key_ref: 

        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom
        '''
        if isinstance(secret_key_ref, dict):
            secret_key_ref = TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef(**secret_key_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__32827246048e88b717d2deeb0d1d079849be9b9e99c5d9b2f2c8898d810356f9)
            check_type(argname="argument secret_key_ref", value=secret_key_ref, expected_type=type_hints["secret_key_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secret_key_ref": secret_key_ref,
        }

    @builtins.property
    def secret_key_ref(
        self,
    ) -> "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef":
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom#secretKeyRef
        '''
        result = self._values.get("secret_key_ref")
        assert result is not None, "Required property 'secret_key_ref' is missing"
        return typing.cast("TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name"},
)
class TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef:
    def __init__(self, *, key: builtins.str, name: builtins.str) -> None:
        '''
        :param key: 
        :param name: 

        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0526704e22cee71130ea368e4d2fad20e3c05898b2a82ff6ef4d3b944b26cf3f)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerPodIdentity",
    jsii_struct_bases=[],
    name_mapping={
        "provider": "provider",
        "external_id": "externalId",
        "identity_authority_host": "identityAuthorityHost",
        "identity_id": "identityId",
        "identity_owner": "identityOwner",
        "identity_tenant_id": "identityTenantId",
        "role_arn": "roleArn",
    },
)
class TriggerAuthenticationSpecGcpSecretManagerPodIdentity:
    def __init__(
        self,
        *,
        provider: "TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider",
        external_id: typing.Optional[builtins.str] = None,
        identity_authority_host: typing.Optional[builtins.str] = None,
        identity_id: typing.Optional[builtins.str] = None,
        identity_owner: typing.Optional["TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner"] = None,
        identity_tenant_id: typing.Optional[builtins.str] = None,
        role_arn: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param provider: 
        :param external_id: 
        :param identity_authority_host: 
        :param identity_id: 
        :param identity_owner: 
        :param identity_tenant_id: 
        :param role_arn: 

        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__7259d951d85a3588135cf377fd576570f10f4d9510075e0a9f07f52db5ff00c6)
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument external_id", value=external_id, expected_type=type_hints["external_id"])
            check_type(argname="argument identity_authority_host", value=identity_authority_host, expected_type=type_hints["identity_authority_host"])
            check_type(argname="argument identity_id", value=identity_id, expected_type=type_hints["identity_id"])
            check_type(argname="argument identity_owner", value=identity_owner, expected_type=type_hints["identity_owner"])
            check_type(argname="argument identity_tenant_id", value=identity_tenant_id, expected_type=type_hints["identity_tenant_id"])
            check_type(argname="argument role_arn", value=role_arn, expected_type=type_hints["role_arn"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "provider": provider,
        }
        if external_id is not None:
            self._values["external_id"] = external_id
        if identity_authority_host is not None:
            self._values["identity_authority_host"] = identity_authority_host
        if identity_id is not None:
            self._values["identity_id"] = identity_id
        if identity_owner is not None:
            self._values["identity_owner"] = identity_owner
        if identity_tenant_id is not None:
            self._values["identity_tenant_id"] = identity_tenant_id
        if role_arn is not None:
            self._values["role_arn"] = role_arn

    @builtins.property
    def provider(
        self,
    ) -> "TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider":
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity#provider
        '''
        result = self._values.get("provider")
        assert result is not None, "Required property 'provider' is missing"
        return typing.cast("TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider", result)

    @builtins.property
    def external_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity#externalID
        '''
        result = self._values.get("external_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_authority_host(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity#identityAuthorityHost
        '''
        result = self._values.get("identity_authority_host")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity#identityId
        '''
        result = self._values.get("identity_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_owner(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner"]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity#identityOwner
        '''
        result = self._values.get("identity_owner")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner"], result)

    @builtins.property
    def identity_tenant_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity#identityTenantId
        '''
        result = self._values.get("identity_tenant_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def role_arn(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentity#roleArn
        '''
        result = self._values.get("role_arn")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecGcpSecretManagerPodIdentity(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner"
)
class TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner
    '''

    KEDA = "KEDA"
    '''keda.'''
    WORKLOAD = "WORKLOAD"
    '''workload.'''


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider"
)
class TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider
    '''

    AZURE_HYPHEN_WORKLOAD = "AZURE_HYPHEN_WORKLOAD"
    '''azure-workload.'''
    GCP = "GCP"
    '''gcp.'''
    AWS = "AWS"
    '''aws.'''
    AWS_HYPHEN_EKS = "AWS_HYPHEN_EKS"
    '''aws-eks.'''
    NONE = "NONE"
    '''none.'''


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecGcpSecretManagerSecrets",
    jsii_struct_bases=[],
    name_mapping={"id": "id", "parameter": "parameter", "version": "version"},
)
class TriggerAuthenticationSpecGcpSecretManagerSecrets:
    def __init__(
        self,
        *,
        id: builtins.str,
        parameter: builtins.str,
        version: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param id: 
        :param parameter: 
        :param version: 

        :schema: TriggerAuthenticationSpecGcpSecretManagerSecrets
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d4afc0352e60927bad30b88b469b7b01cd846f6b391908becaf2c4fac0992ad0)
            check_type(argname="argument id", value=id, expected_type=type_hints["id"])
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
            check_type(argname="argument version", value=version, expected_type=type_hints["version"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "id": id,
            "parameter": parameter,
        }
        if version is not None:
            self._values["version"] = version

    @builtins.property
    def id(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerSecrets#id
        '''
        result = self._values.get("id")
        assert result is not None, "Required property 'id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerSecrets#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def version(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecGcpSecretManagerSecrets#version
        '''
        result = self._values.get("version")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecGcpSecretManagerSecrets(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecHashiCorpVault",
    jsii_struct_bases=[],
    name_mapping={
        "address": "address",
        "authentication": "authentication",
        "secrets": "secrets",
        "credential": "credential",
        "mount": "mount",
        "namespace": "namespace",
        "role": "role",
    },
)
class TriggerAuthenticationSpecHashiCorpVault:
    def __init__(
        self,
        *,
        address: builtins.str,
        authentication: "TriggerAuthenticationSpecHashiCorpVaultAuthentication",
        secrets: typing.Sequence[typing.Union["TriggerAuthenticationSpecHashiCorpVaultSecrets", typing.Dict[builtins.str, typing.Any]]],
        credential: typing.Optional[typing.Union["TriggerAuthenticationSpecHashiCorpVaultCredential", typing.Dict[builtins.str, typing.Any]]] = None,
        mount: typing.Optional[builtins.str] = None,
        namespace: typing.Optional[builtins.str] = None,
        role: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param address: 
        :param authentication: 
        :param secrets: 
        :param credential: 
        :param mount: 
        :param namespace: 
        :param role: 

        :schema: TriggerAuthenticationSpecHashiCorpVault
        '''
        if isinstance(credential, dict):
            credential = TriggerAuthenticationSpecHashiCorpVaultCredential(**credential)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__af4c5a86f3161a34e7877914db051a31ac97e49e8a31ada069c0393ea4f8d365)
            check_type(argname="argument address", value=address, expected_type=type_hints["address"])
            check_type(argname="argument authentication", value=authentication, expected_type=type_hints["authentication"])
            check_type(argname="argument secrets", value=secrets, expected_type=type_hints["secrets"])
            check_type(argname="argument credential", value=credential, expected_type=type_hints["credential"])
            check_type(argname="argument mount", value=mount, expected_type=type_hints["mount"])
            check_type(argname="argument namespace", value=namespace, expected_type=type_hints["namespace"])
            check_type(argname="argument role", value=role, expected_type=type_hints["role"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "address": address,
            "authentication": authentication,
            "secrets": secrets,
        }
        if credential is not None:
            self._values["credential"] = credential
        if mount is not None:
            self._values["mount"] = mount
        if namespace is not None:
            self._values["namespace"] = namespace
        if role is not None:
            self._values["role"] = role

    @builtins.property
    def address(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVault#address
        '''
        result = self._values.get("address")
        assert result is not None, "Required property 'address' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def authentication(self) -> "TriggerAuthenticationSpecHashiCorpVaultAuthentication":
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVault#authentication
        '''
        result = self._values.get("authentication")
        assert result is not None, "Required property 'authentication' is missing"
        return typing.cast("TriggerAuthenticationSpecHashiCorpVaultAuthentication", result)

    @builtins.property
    def secrets(self) -> typing.List["TriggerAuthenticationSpecHashiCorpVaultSecrets"]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVault#secrets
        '''
        result = self._values.get("secrets")
        assert result is not None, "Required property 'secrets' is missing"
        return typing.cast(typing.List["TriggerAuthenticationSpecHashiCorpVaultSecrets"], result)

    @builtins.property
    def credential(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecHashiCorpVaultCredential"]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVault#credential
        '''
        result = self._values.get("credential")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecHashiCorpVaultCredential"], result)

    @builtins.property
    def mount(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVault#mount
        '''
        result = self._values.get("mount")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def namespace(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVault#namespace
        '''
        result = self._values.get("namespace")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def role(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVault#role
        '''
        result = self._values.get("role")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecHashiCorpVault(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecHashiCorpVaultAuthentication"
)
class TriggerAuthenticationSpecHashiCorpVaultAuthentication(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecHashiCorpVaultAuthentication
    '''

    TOKEN = "TOKEN"
    '''token.'''
    KUBERNETES = "KUBERNETES"
    '''kubernetes.'''


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecHashiCorpVaultCredential",
    jsii_struct_bases=[],
    name_mapping={
        "service_account": "serviceAccount",
        "service_account_name": "serviceAccountName",
        "token": "token",
    },
)
class TriggerAuthenticationSpecHashiCorpVaultCredential:
    def __init__(
        self,
        *,
        service_account: typing.Optional[builtins.str] = None,
        service_account_name: typing.Optional[builtins.str] = None,
        token: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param service_account: 
        :param service_account_name: 
        :param token: 

        :schema: TriggerAuthenticationSpecHashiCorpVaultCredential
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__6205da8be83d8c698930e7c9a63dce1998c94d4409228e3f409940c4b69c7634)
            check_type(argname="argument service_account", value=service_account, expected_type=type_hints["service_account"])
            check_type(argname="argument service_account_name", value=service_account_name, expected_type=type_hints["service_account_name"])
            check_type(argname="argument token", value=token, expected_type=type_hints["token"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if service_account is not None:
            self._values["service_account"] = service_account
        if service_account_name is not None:
            self._values["service_account_name"] = service_account_name
        if token is not None:
            self._values["token"] = token

    @builtins.property
    def service_account(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultCredential#serviceAccount
        '''
        result = self._values.get("service_account")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def service_account_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultCredential#serviceAccountName
        '''
        result = self._values.get("service_account_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def token(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultCredential#token
        '''
        result = self._values.get("token")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecHashiCorpVaultCredential(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecHashiCorpVaultSecrets",
    jsii_struct_bases=[],
    name_mapping={
        "key": "key",
        "parameter": "parameter",
        "path": "path",
        "pki_data": "pkiData",
        "type": "type",
    },
)
class TriggerAuthenticationSpecHashiCorpVaultSecrets:
    def __init__(
        self,
        *,
        key: builtins.str,
        parameter: builtins.str,
        path: builtins.str,
        pki_data: typing.Optional[typing.Union["TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData", typing.Dict[builtins.str, typing.Any]]] = None,
        type: typing.Optional["TriggerAuthenticationSpecHashiCorpVaultSecretsType"] = None,
    ) -> None:
        '''
        :param key: 
        :param parameter: 
        :param path: 
        :param pki_data: 
        :param type: 

        :schema: TriggerAuthenticationSpecHashiCorpVaultSecrets
        '''
        if isinstance(pki_data, dict):
            pki_data = TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData(**pki_data)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__0d8fd6f4282a6b88a8f4fd2ff63e93df9b9bb9cc0dc03019ae06abe37b28bffe)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
            check_type(argname="argument path", value=path, expected_type=type_hints["path"])
            check_type(argname="argument pki_data", value=pki_data, expected_type=type_hints["pki_data"])
            check_type(argname="argument type", value=type, expected_type=type_hints["type"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "parameter": parameter,
            "path": path,
        }
        if pki_data is not None:
            self._values["pki_data"] = pki_data
        if type is not None:
            self._values["type"] = type

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecrets#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecrets#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def path(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecrets#path
        '''
        result = self._values.get("path")
        assert result is not None, "Required property 'path' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def pki_data(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData"]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecrets#pkiData
        '''
        result = self._values.get("pki_data")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData"], result)

    @builtins.property
    def type(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecHashiCorpVaultSecretsType"]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecrets#type
        '''
        result = self._values.get("type")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecHashiCorpVaultSecretsType"], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecHashiCorpVaultSecrets(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData",
    jsii_struct_bases=[],
    name_mapping={
        "alt_names": "altNames",
        "common_name": "commonName",
        "format": "format",
        "ip_sans": "ipSans",
        "other_sans": "otherSans",
        "ttl": "ttl",
        "uri_sans": "uriSans",
    },
)
class TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData:
    def __init__(
        self,
        *,
        alt_names: typing.Optional[builtins.str] = None,
        common_name: typing.Optional[builtins.str] = None,
        format: typing.Optional[builtins.str] = None,
        ip_sans: typing.Optional[builtins.str] = None,
        other_sans: typing.Optional[builtins.str] = None,
        ttl: typing.Optional[builtins.str] = None,
        uri_sans: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param alt_names: 
        :param common_name: 
        :param format: 
        :param ip_sans: 
        :param other_sans: 
        :param ttl: 
        :param uri_sans: 

        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__43e6b7b6c64b4c5e9d1b5f7f1779fdc692f650aaf3dfb3ec5571e7fa92a9f5b0)
            check_type(argname="argument alt_names", value=alt_names, expected_type=type_hints["alt_names"])
            check_type(argname="argument common_name", value=common_name, expected_type=type_hints["common_name"])
            check_type(argname="argument format", value=format, expected_type=type_hints["format"])
            check_type(argname="argument ip_sans", value=ip_sans, expected_type=type_hints["ip_sans"])
            check_type(argname="argument other_sans", value=other_sans, expected_type=type_hints["other_sans"])
            check_type(argname="argument ttl", value=ttl, expected_type=type_hints["ttl"])
            check_type(argname="argument uri_sans", value=uri_sans, expected_type=type_hints["uri_sans"])
        self._values: typing.Dict[builtins.str, typing.Any] = {}
        if alt_names is not None:
            self._values["alt_names"] = alt_names
        if common_name is not None:
            self._values["common_name"] = common_name
        if format is not None:
            self._values["format"] = format
        if ip_sans is not None:
            self._values["ip_sans"] = ip_sans
        if other_sans is not None:
            self._values["other_sans"] = other_sans
        if ttl is not None:
            self._values["ttl"] = ttl
        if uri_sans is not None:
            self._values["uri_sans"] = uri_sans

    @builtins.property
    def alt_names(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData#altNames
        '''
        result = self._values.get("alt_names")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def common_name(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData#commonName
        '''
        result = self._values.get("common_name")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def format(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData#format
        '''
        result = self._values.get("format")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def ip_sans(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData#ipSans
        '''
        result = self._values.get("ip_sans")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def other_sans(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData#otherSans
        '''
        result = self._values.get("other_sans")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def ttl(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData#ttl
        '''
        result = self._values.get("ttl")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def uri_sans(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData#uriSans
        '''
        result = self._values.get("uri_sans")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecHashiCorpVaultSecretsType"
)
class TriggerAuthenticationSpecHashiCorpVaultSecretsType(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecHashiCorpVaultSecretsType
    '''

    SECRET_V2 = "SECRET_V2"
    '''secretV2.'''
    SECRET = "SECRET"
    '''secret.'''
    PKI = "PKI"
    '''pki.'''


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecOauth2",
    jsii_struct_bases=[],
    name_mapping={
        "client_id": "clientId",
        "token_url": "tokenUrl",
        "type": "type",
        "client_secret": "clientSecret",
        "scopes": "scopes",
        "token_url_params": "tokenUrlParams",
    },
)
class TriggerAuthenticationSpecOauth2:
    def __init__(
        self,
        *,
        client_id: builtins.str,
        token_url: builtins.str,
        type: "TriggerAuthenticationSpecOauth2Type",
        client_secret: typing.Optional[typing.Union["TriggerAuthenticationSpecOauth2ClientSecret", typing.Dict[builtins.str, typing.Any]]] = None,
        scopes: typing.Optional[typing.Sequence[builtins.str]] = None,
        token_url_params: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
    ) -> None:
        '''
        :param client_id: 
        :param token_url: 
        :param type: 
        :param client_secret: 
        :param scopes: 
        :param token_url_params: 

        :schema: TriggerAuthenticationSpecOauth2
        '''
        if isinstance(client_secret, dict):
            client_secret = TriggerAuthenticationSpecOauth2ClientSecret(**client_secret)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__35fd909cfe1387b50fced7bd2b6c5a19e9b9c6a609865c406c59c44304a22a0a)
            check_type(argname="argument client_id", value=client_id, expected_type=type_hints["client_id"])
            check_type(argname="argument token_url", value=token_url, expected_type=type_hints["token_url"])
            check_type(argname="argument type", value=type, expected_type=type_hints["type"])
            check_type(argname="argument client_secret", value=client_secret, expected_type=type_hints["client_secret"])
            check_type(argname="argument scopes", value=scopes, expected_type=type_hints["scopes"])
            check_type(argname="argument token_url_params", value=token_url_params, expected_type=type_hints["token_url_params"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "client_id": client_id,
            "token_url": token_url,
            "type": type,
        }
        if client_secret is not None:
            self._values["client_secret"] = client_secret
        if scopes is not None:
            self._values["scopes"] = scopes
        if token_url_params is not None:
            self._values["token_url_params"] = token_url_params

    @builtins.property
    def client_id(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecOauth2#clientId
        '''
        result = self._values.get("client_id")
        assert result is not None, "Required property 'client_id' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def token_url(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecOauth2#tokenUrl
        '''
        result = self._values.get("token_url")
        assert result is not None, "Required property 'token_url' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def type(self) -> "TriggerAuthenticationSpecOauth2Type":
        '''
        :schema: TriggerAuthenticationSpecOauth2#type
        '''
        result = self._values.get("type")
        assert result is not None, "Required property 'type' is missing"
        return typing.cast("TriggerAuthenticationSpecOauth2Type", result)

    @builtins.property
    def client_secret(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecOauth2ClientSecret"]:
        '''
        :schema: TriggerAuthenticationSpecOauth2#clientSecret
        '''
        result = self._values.get("client_secret")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecOauth2ClientSecret"], result)

    @builtins.property
    def scopes(self) -> typing.Optional[typing.List[builtins.str]]:
        '''
        :schema: TriggerAuthenticationSpecOauth2#scopes
        '''
        result = self._values.get("scopes")
        return typing.cast(typing.Optional[typing.List[builtins.str]], result)

    @builtins.property
    def token_url_params(
        self,
    ) -> typing.Optional[typing.Mapping[builtins.str, builtins.str]]:
        '''
        :schema: TriggerAuthenticationSpecOauth2#tokenUrlParams
        '''
        result = self._values.get("token_url_params")
        return typing.cast(typing.Optional[typing.Mapping[builtins.str, builtins.str]], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecOauth2(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecOauth2ClientSecret",
    jsii_struct_bases=[],
    name_mapping={"value_from": "valueFrom"},
)
class TriggerAuthenticationSpecOauth2ClientSecret:
    def __init__(
        self,
        *,
        value_from: typing.Union["TriggerAuthenticationSpecOauth2ClientSecretValueFrom", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param value_from: 

        :schema: TriggerAuthenticationSpecOauth2ClientSecret
        '''
        if isinstance(value_from, dict):
            value_from = TriggerAuthenticationSpecOauth2ClientSecretValueFrom(**value_from)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__fceb126ddac30a97d953e98704ab6fb321e5c3a3e363856075de0fa7d4e72c08)
            check_type(argname="argument value_from", value=value_from, expected_type=type_hints["value_from"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "value_from": value_from,
        }

    @builtins.property
    def value_from(self) -> "TriggerAuthenticationSpecOauth2ClientSecretValueFrom":
        '''
        :schema: TriggerAuthenticationSpecOauth2ClientSecret#valueFrom
        '''
        result = self._values.get("value_from")
        assert result is not None, "Required property 'value_from' is missing"
        return typing.cast("TriggerAuthenticationSpecOauth2ClientSecretValueFrom", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecOauth2ClientSecret(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecOauth2ClientSecretValueFrom",
    jsii_struct_bases=[],
    name_mapping={"secret_key_ref": "secretKeyRef"},
)
class TriggerAuthenticationSpecOauth2ClientSecretValueFrom:
    def __init__(
        self,
        *,
        secret_key_ref: typing.Union["TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef", typing.Dict[builtins.str, typing.Any]],
    ) -> None:
        '''
        :param secret_key_ref: 

        :schema: TriggerAuthenticationSpecOauth2ClientSecretValueFrom
        '''
        if isinstance(secret_key_ref, dict):
            secret_key_ref = TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef(**secret_key_ref)
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__784c7ed7d69d4287c4d06c72ef88fc248b6619c061c9e5bc525f6a45dc4b011f)
            check_type(argname="argument secret_key_ref", value=secret_key_ref, expected_type=type_hints["secret_key_ref"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "secret_key_ref": secret_key_ref,
        }

    @builtins.property
    def secret_key_ref(
        self,
    ) -> "TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef":
        '''
        :schema: TriggerAuthenticationSpecOauth2ClientSecretValueFrom#secretKeyRef
        '''
        result = self._values.get("secret_key_ref")
        assert result is not None, "Required property 'secret_key_ref' is missing"
        return typing.cast("TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef", result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecOauth2ClientSecretValueFrom(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name"},
)
class TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef:
    def __init__(self, *, key: builtins.str, name: builtins.str) -> None:
        '''
        :param key: 
        :param name: 

        :schema: TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__08c68e9955394e6b5ba2841b344b79661baa2c0a5671a356419c83f278e3a54e)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecOauth2Type"
)
class TriggerAuthenticationSpecOauth2Type(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecOauth2Type
    '''

    CLIENT_CREDENTIALS = "CLIENT_CREDENTIALS"
    '''clientCredentials.'''


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecPodIdentity",
    jsii_struct_bases=[],
    name_mapping={
        "provider": "provider",
        "external_id": "externalId",
        "identity_authority_host": "identityAuthorityHost",
        "identity_id": "identityId",
        "identity_owner": "identityOwner",
        "identity_tenant_id": "identityTenantId",
        "role_arn": "roleArn",
    },
)
class TriggerAuthenticationSpecPodIdentity:
    def __init__(
        self,
        *,
        provider: "TriggerAuthenticationSpecPodIdentityProvider",
        external_id: typing.Optional[builtins.str] = None,
        identity_authority_host: typing.Optional[builtins.str] = None,
        identity_id: typing.Optional[builtins.str] = None,
        identity_owner: typing.Optional["TriggerAuthenticationSpecPodIdentityIdentityOwner"] = None,
        identity_tenant_id: typing.Optional[builtins.str] = None,
        role_arn: typing.Optional[builtins.str] = None,
    ) -> None:
        '''
        :param provider: 
        :param external_id: 
        :param identity_authority_host: 
        :param identity_id: 
        :param identity_owner: 
        :param identity_tenant_id: 
        :param role_arn: 

        :schema: TriggerAuthenticationSpecPodIdentity
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__9c3a845a8d1d93eebeb46bad872505db87e96dcdd6849d92831fb5d16f7caef2)
            check_type(argname="argument provider", value=provider, expected_type=type_hints["provider"])
            check_type(argname="argument external_id", value=external_id, expected_type=type_hints["external_id"])
            check_type(argname="argument identity_authority_host", value=identity_authority_host, expected_type=type_hints["identity_authority_host"])
            check_type(argname="argument identity_id", value=identity_id, expected_type=type_hints["identity_id"])
            check_type(argname="argument identity_owner", value=identity_owner, expected_type=type_hints["identity_owner"])
            check_type(argname="argument identity_tenant_id", value=identity_tenant_id, expected_type=type_hints["identity_tenant_id"])
            check_type(argname="argument role_arn", value=role_arn, expected_type=type_hints["role_arn"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "provider": provider,
        }
        if external_id is not None:
            self._values["external_id"] = external_id
        if identity_authority_host is not None:
            self._values["identity_authority_host"] = identity_authority_host
        if identity_id is not None:
            self._values["identity_id"] = identity_id
        if identity_owner is not None:
            self._values["identity_owner"] = identity_owner
        if identity_tenant_id is not None:
            self._values["identity_tenant_id"] = identity_tenant_id
        if role_arn is not None:
            self._values["role_arn"] = role_arn

    @builtins.property
    def provider(self) -> "TriggerAuthenticationSpecPodIdentityProvider":
        '''
        :schema: TriggerAuthenticationSpecPodIdentity#provider
        '''
        result = self._values.get("provider")
        assert result is not None, "Required property 'provider' is missing"
        return typing.cast("TriggerAuthenticationSpecPodIdentityProvider", result)

    @builtins.property
    def external_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecPodIdentity#externalID
        '''
        result = self._values.get("external_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_authority_host(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecPodIdentity#identityAuthorityHost
        '''
        result = self._values.get("identity_authority_host")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecPodIdentity#identityId
        '''
        result = self._values.get("identity_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def identity_owner(
        self,
    ) -> typing.Optional["TriggerAuthenticationSpecPodIdentityIdentityOwner"]:
        '''
        :schema: TriggerAuthenticationSpecPodIdentity#identityOwner
        '''
        result = self._values.get("identity_owner")
        return typing.cast(typing.Optional["TriggerAuthenticationSpecPodIdentityIdentityOwner"], result)

    @builtins.property
    def identity_tenant_id(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecPodIdentity#identityTenantId
        '''
        result = self._values.get("identity_tenant_id")
        return typing.cast(typing.Optional[builtins.str], result)

    @builtins.property
    def role_arn(self) -> typing.Optional[builtins.str]:
        '''
        :schema: TriggerAuthenticationSpecPodIdentity#roleArn
        '''
        result = self._values.get("role_arn")
        return typing.cast(typing.Optional[builtins.str], result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecPodIdentity(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecPodIdentityIdentityOwner"
)
class TriggerAuthenticationSpecPodIdentityIdentityOwner(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecPodIdentityIdentityOwner
    '''

    KEDA = "KEDA"
    '''keda.'''
    WORKLOAD = "WORKLOAD"
    '''workload.'''


@jsii.enum(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecPodIdentityProvider"
)
class TriggerAuthenticationSpecPodIdentityProvider(enum.Enum):
    '''
    :schema: TriggerAuthenticationSpecPodIdentityProvider
    '''

    AZURE_HYPHEN_WORKLOAD = "AZURE_HYPHEN_WORKLOAD"
    '''azure-workload.'''
    GCP = "GCP"
    '''gcp.'''
    AWS = "AWS"
    '''aws.'''
    AWS_HYPHEN_EKS = "AWS_HYPHEN_EKS"
    '''aws-eks.'''
    NONE = "NONE"
    '''none.'''


@jsii.data_type(
    jsii_type="keda_trigger_authentication_shkeda.TriggerAuthenticationSpecSecretTargetRef",
    jsii_struct_bases=[],
    name_mapping={"key": "key", "name": "name", "parameter": "parameter"},
)
class TriggerAuthenticationSpecSecretTargetRef:
    def __init__(
        self,
        *,
        key: builtins.str,
        name: builtins.str,
        parameter: builtins.str,
    ) -> None:
        '''
        :param key: 
        :param name: 
        :param parameter: 

        :schema: TriggerAuthenticationSpecSecretTargetRef
        '''
        if __debug__:
            type_hints = cached_type_hints(_typecheckingstub__d284b3348419c2ff363747c4fd37fc15ea0fce0ce3c8e43fb31d775e2afdcc45)
            check_type(argname="argument key", value=key, expected_type=type_hints["key"])
            check_type(argname="argument name", value=name, expected_type=type_hints["name"])
            check_type(argname="argument parameter", value=parameter, expected_type=type_hints["parameter"])
        self._values: typing.Dict[builtins.str, typing.Any] = {
            "key": key,
            "name": name,
            "parameter": parameter,
        }

    @builtins.property
    def key(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecSecretTargetRef#key
        '''
        result = self._values.get("key")
        assert result is not None, "Required property 'key' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def name(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecSecretTargetRef#name
        '''
        result = self._values.get("name")
        assert result is not None, "Required property 'name' is missing"
        return typing.cast(builtins.str, result)

    @builtins.property
    def parameter(self) -> builtins.str:
        '''
        :schema: TriggerAuthenticationSpecSecretTargetRef#parameter
        '''
        result = self._values.get("parameter")
        assert result is not None, "Required property 'parameter' is missing"
        return typing.cast(builtins.str, result)

    def __eq__(self, rhs: typing.Any) -> builtins.bool:
        return isinstance(rhs, self.__class__) and rhs._values == self._values

    def __ne__(self, rhs: typing.Any) -> builtins.bool:
        return not (rhs == self)

    def __repr__(self) -> str:
        return "TriggerAuthenticationSpecSecretTargetRef(%s)" % ", ".join(
            k + "=" + repr(v) for k, v in self._values.items()
        )


__all__ = [
    "TriggerAuthentication",
    "TriggerAuthenticationProps",
    "TriggerAuthenticationSpec",
    "TriggerAuthenticationSpecAwsSecretManager",
    "TriggerAuthenticationSpecAwsSecretManagerCredentials",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom",
    "TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef",
    "TriggerAuthenticationSpecAwsSecretManagerPodIdentity",
    "TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner",
    "TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider",
    "TriggerAuthenticationSpecAwsSecretManagerSecrets",
    "TriggerAuthenticationSpecAzureKeyVault",
    "TriggerAuthenticationSpecAzureKeyVaultCloud",
    "TriggerAuthenticationSpecAzureKeyVaultCredentials",
    "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret",
    "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom",
    "TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef",
    "TriggerAuthenticationSpecAzureKeyVaultPodIdentity",
    "TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner",
    "TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider",
    "TriggerAuthenticationSpecAzureKeyVaultSecrets",
    "TriggerAuthenticationSpecBoundServiceAccountToken",
    "TriggerAuthenticationSpecConfigMapTargetRef",
    "TriggerAuthenticationSpecEnv",
    "TriggerAuthenticationSpecGcpSecretManager",
    "TriggerAuthenticationSpecGcpSecretManagerCredentials",
    "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret",
    "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom",
    "TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef",
    "TriggerAuthenticationSpecGcpSecretManagerPodIdentity",
    "TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner",
    "TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider",
    "TriggerAuthenticationSpecGcpSecretManagerSecrets",
    "TriggerAuthenticationSpecHashiCorpVault",
    "TriggerAuthenticationSpecHashiCorpVaultAuthentication",
    "TriggerAuthenticationSpecHashiCorpVaultCredential",
    "TriggerAuthenticationSpecHashiCorpVaultSecrets",
    "TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData",
    "TriggerAuthenticationSpecHashiCorpVaultSecretsType",
    "TriggerAuthenticationSpecOauth2",
    "TriggerAuthenticationSpecOauth2ClientSecret",
    "TriggerAuthenticationSpecOauth2ClientSecretValueFrom",
    "TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef",
    "TriggerAuthenticationSpecOauth2Type",
    "TriggerAuthenticationSpecPodIdentity",
    "TriggerAuthenticationSpecPodIdentityIdentityOwner",
    "TriggerAuthenticationSpecPodIdentityProvider",
    "TriggerAuthenticationSpecSecretTargetRef",
]

publication.publish()

def _typecheckingstub__30aeb9a8368d6ab2420d19ec663725f3685b6dec566b435209ef6d384e8fd617(
    scope: _constructs_77d1e7e8.Construct,
    id: builtins.str,
    *,
    spec: typing.Union[TriggerAuthenticationSpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__153ba29f22983fb00d2679e714d83f8cbe5f25c33cc517652ded186450d3c85a(
    *,
    spec: typing.Union[TriggerAuthenticationSpec, typing.Dict[builtins.str, typing.Any]],
    metadata: typing.Optional[typing.Union[_cdk8s_d3d9af27.ApiObjectMetadata, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__fc8588cf27fd27e54bcf793a4088d6ac8ed2b46b372d2c7f1f2a68838c005381(
    *,
    aws_secret_manager: typing.Optional[typing.Union[TriggerAuthenticationSpecAwsSecretManager, typing.Dict[builtins.str, typing.Any]]] = None,
    azure_key_vault: typing.Optional[typing.Union[TriggerAuthenticationSpecAzureKeyVault, typing.Dict[builtins.str, typing.Any]]] = None,
    bound_service_account_token: typing.Optional[typing.Sequence[typing.Union[TriggerAuthenticationSpecBoundServiceAccountToken, typing.Dict[builtins.str, typing.Any]]]] = None,
    config_map_target_ref: typing.Optional[typing.Sequence[typing.Union[TriggerAuthenticationSpecConfigMapTargetRef, typing.Dict[builtins.str, typing.Any]]]] = None,
    env: typing.Optional[typing.Sequence[typing.Union[TriggerAuthenticationSpecEnv, typing.Dict[builtins.str, typing.Any]]]] = None,
    file_path: typing.Optional[builtins.str] = None,
    gcp_secret_manager: typing.Optional[typing.Union[TriggerAuthenticationSpecGcpSecretManager, typing.Dict[builtins.str, typing.Any]]] = None,
    hashi_corp_vault: typing.Optional[typing.Union[TriggerAuthenticationSpecHashiCorpVault, typing.Dict[builtins.str, typing.Any]]] = None,
    oauth2: typing.Optional[typing.Union[TriggerAuthenticationSpecOauth2, typing.Dict[builtins.str, typing.Any]]] = None,
    pod_identity: typing.Optional[typing.Union[TriggerAuthenticationSpecPodIdentity, typing.Dict[builtins.str, typing.Any]]] = None,
    secret_target_ref: typing.Optional[typing.Sequence[typing.Union[TriggerAuthenticationSpecSecretTargetRef, typing.Dict[builtins.str, typing.Any]]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ad98de14314185c878864419b9117383db49e984421b547628e96a0b95f64e26(
    *,
    secrets: typing.Sequence[typing.Union[TriggerAuthenticationSpecAwsSecretManagerSecrets, typing.Dict[builtins.str, typing.Any]]],
    credentials: typing.Optional[typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentials, typing.Dict[builtins.str, typing.Any]]] = None,
    pod_identity: typing.Optional[typing.Union[TriggerAuthenticationSpecAwsSecretManagerPodIdentity, typing.Dict[builtins.str, typing.Any]]] = None,
    region: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__e9f563d0b2998b1f5fa6a61e230193703e0a430ce8b3e8c3d2801acb3b183bff(
    *,
    access_key: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKey, typing.Dict[builtins.str, typing.Any]],
    access_secret_key: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKey, typing.Dict[builtins.str, typing.Any]],
    access_token: typing.Optional[typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessToken, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__5cec90fe4ab1cf96004103fbe58680a54005ef2540898a7a203df1cbfec4635d(
    *,
    value_from: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFrom, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a429873af9541890f4f69497975acd8c7d2fc1c6ba46c8a18bc2c88505d74faa(
    *,
    secret_key_ref: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessKeyValueFromSecretKeyRef, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__843530e31a73d1f982ef56583fb82fe3d2917be934732d07c1cf38a3bc0d9f6f(
    *,
    key: builtins.str,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__2aade355f2d42569d8147774763ddde3a6f50d276f6bd3451cecbb3130d3196a(
    *,
    value_from: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFrom, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0a447c78d8730b136e9298de0a2e0625d6ee572f7f21ef598d6f312b5ea28089(
    *,
    secret_key_ref: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessSecretKeyValueFromSecretKeyRef, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__78b03b0cb7f3d0316658f4c57a3f269d5542636ee3d29756dce8906b48ad7d3c(
    *,
    key: builtins.str,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__a1efc2340e410d74953c3319add2f671618afa7cd0d70fc4f4b389762d0c3ff0(
    *,
    value_from: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFrom, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__98322bd3b9fb81b7ae43107086b6418a88ea3ae94197d640769abbdf50d4729b(
    *,
    secret_key_ref: typing.Union[TriggerAuthenticationSpecAwsSecretManagerCredentialsAccessTokenValueFromSecretKeyRef, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__ea84b032bb6f39a45c87f12d807595638ea7014c5ce1320863cb9a732ec00c07(
    *,
    key: builtins.str,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__b84fffc03c9ad845fbd18f92ae3150b3894ff0ef5d44bd7c674fd773596fc8bd(
    *,
    provider: TriggerAuthenticationSpecAwsSecretManagerPodIdentityProvider,
    external_id: typing.Optional[builtins.str] = None,
    identity_authority_host: typing.Optional[builtins.str] = None,
    identity_id: typing.Optional[builtins.str] = None,
    identity_owner: typing.Optional[TriggerAuthenticationSpecAwsSecretManagerPodIdentityIdentityOwner] = None,
    identity_tenant_id: typing.Optional[builtins.str] = None,
    role_arn: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__dd1d012fbfec6f089fb84cc48fbcd147a1b10d8ea64eeca02567a64b1eb7d8d9(
    *,
    name: builtins.str,
    parameter: builtins.str,
    secret_key: typing.Optional[builtins.str] = None,
    version_id: typing.Optional[builtins.str] = None,
    version_stage: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__c1ccd34f478c6c1d49c5f317cff3e18b9e0d6b0b80aa4f397df84655c5edbb41(
    *,
    secrets: typing.Sequence[typing.Union[TriggerAuthenticationSpecAzureKeyVaultSecrets, typing.Dict[builtins.str, typing.Any]]],
    vault_uri: builtins.str,
    cloud: typing.Optional[typing.Union[TriggerAuthenticationSpecAzureKeyVaultCloud, typing.Dict[builtins.str, typing.Any]]] = None,
    credentials: typing.Optional[typing.Union[TriggerAuthenticationSpecAzureKeyVaultCredentials, typing.Dict[builtins.str, typing.Any]]] = None,
    pod_identity: typing.Optional[typing.Union[TriggerAuthenticationSpecAzureKeyVaultPodIdentity, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7986b0b5e359c1a503faf1d3d94754d5e9877897bd84fd406fbb4bd522799190(
    *,
    type: builtins.str,
    active_directory_endpoint: typing.Optional[builtins.str] = None,
    key_vault_resource_url: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__99441260022cf6fdbe14fa43ad8df97bc1b5c02c2fe1d1f90bc079ba6cd999cc(
    *,
    client_id: builtins.str,
    client_secret: typing.Union[TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecret, typing.Dict[builtins.str, typing.Any]],
    tenant_id: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d4172b8ba08369b522c9da68e817da610bacf90efdf6be22726c316d1802283f(
    *,
    value_from: typing.Union[TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFrom, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__da0abc46fee1d90a8ef5db2824f1b3b0ac839efc28191a021a2c261c84f24dbe(
    *,
    secret_key_ref: typing.Union[TriggerAuthenticationSpecAzureKeyVaultCredentialsClientSecretValueFromSecretKeyRef, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__37e022263c004e34fb5f9667159fef648301b0356006ff02b9b6c43af1535710(
    *,
    key: builtins.str,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9aa1c25d82300398450479a4ecb117d778cd3543287db5629487fc7047b0b2dd(
    *,
    provider: TriggerAuthenticationSpecAzureKeyVaultPodIdentityProvider,
    external_id: typing.Optional[builtins.str] = None,
    identity_authority_host: typing.Optional[builtins.str] = None,
    identity_id: typing.Optional[builtins.str] = None,
    identity_owner: typing.Optional[TriggerAuthenticationSpecAzureKeyVaultPodIdentityIdentityOwner] = None,
    identity_tenant_id: typing.Optional[builtins.str] = None,
    role_arn: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0383289cbc816cbb81e867ef026c1ffdba000209860e54804f2cb1a0ba7daf82(
    *,
    name: builtins.str,
    parameter: builtins.str,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__07a87b92680d1613ef50340025e1b81123a130a0acb597b251dd015affa8bdc8(
    *,
    parameter: builtins.str,
    service_account_name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__457971607f62451bf33ea776fb8052a347436a5377d235e423cfa9db0c12480b(
    *,
    key: builtins.str,
    name: builtins.str,
    parameter: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__75bc4f69ae060617f9eab82be1e351d3ce81816d463822099e76054609084d1c(
    *,
    name: builtins.str,
    parameter: builtins.str,
    container_name: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__2aa0c3698da04a028b229a6e934232dd589a23102916d5cf4024275f3e33934a(
    *,
    secrets: typing.Sequence[typing.Union[TriggerAuthenticationSpecGcpSecretManagerSecrets, typing.Dict[builtins.str, typing.Any]]],
    credentials: typing.Optional[typing.Union[TriggerAuthenticationSpecGcpSecretManagerCredentials, typing.Dict[builtins.str, typing.Any]]] = None,
    pod_identity: typing.Optional[typing.Union[TriggerAuthenticationSpecGcpSecretManagerPodIdentity, typing.Dict[builtins.str, typing.Any]]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__1bd1075c8968c5c38e499c7cbc1a38e73f4a33d39f16fdbcba71ff655eeb10ac(
    *,
    client_secret: typing.Union[TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecret, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__3ee7102a5ee8753a04d079ae6fdc426955e8fad961bae249a2ac77edc26fc718(
    *,
    value_from: typing.Union[TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFrom, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__32827246048e88b717d2deeb0d1d079849be9b9e99c5d9b2f2c8898d810356f9(
    *,
    secret_key_ref: typing.Union[TriggerAuthenticationSpecGcpSecretManagerCredentialsClientSecretValueFromSecretKeyRef, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0526704e22cee71130ea368e4d2fad20e3c05898b2a82ff6ef4d3b944b26cf3f(
    *,
    key: builtins.str,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__7259d951d85a3588135cf377fd576570f10f4d9510075e0a9f07f52db5ff00c6(
    *,
    provider: TriggerAuthenticationSpecGcpSecretManagerPodIdentityProvider,
    external_id: typing.Optional[builtins.str] = None,
    identity_authority_host: typing.Optional[builtins.str] = None,
    identity_id: typing.Optional[builtins.str] = None,
    identity_owner: typing.Optional[TriggerAuthenticationSpecGcpSecretManagerPodIdentityIdentityOwner] = None,
    identity_tenant_id: typing.Optional[builtins.str] = None,
    role_arn: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d4afc0352e60927bad30b88b469b7b01cd846f6b391908becaf2c4fac0992ad0(
    *,
    id: builtins.str,
    parameter: builtins.str,
    version: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__af4c5a86f3161a34e7877914db051a31ac97e49e8a31ada069c0393ea4f8d365(
    *,
    address: builtins.str,
    authentication: TriggerAuthenticationSpecHashiCorpVaultAuthentication,
    secrets: typing.Sequence[typing.Union[TriggerAuthenticationSpecHashiCorpVaultSecrets, typing.Dict[builtins.str, typing.Any]]],
    credential: typing.Optional[typing.Union[TriggerAuthenticationSpecHashiCorpVaultCredential, typing.Dict[builtins.str, typing.Any]]] = None,
    mount: typing.Optional[builtins.str] = None,
    namespace: typing.Optional[builtins.str] = None,
    role: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__6205da8be83d8c698930e7c9a63dce1998c94d4409228e3f409940c4b69c7634(
    *,
    service_account: typing.Optional[builtins.str] = None,
    service_account_name: typing.Optional[builtins.str] = None,
    token: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__0d8fd6f4282a6b88a8f4fd2ff63e93df9b9bb9cc0dc03019ae06abe37b28bffe(
    *,
    key: builtins.str,
    parameter: builtins.str,
    path: builtins.str,
    pki_data: typing.Optional[typing.Union[TriggerAuthenticationSpecHashiCorpVaultSecretsPkiData, typing.Dict[builtins.str, typing.Any]]] = None,
    type: typing.Optional[TriggerAuthenticationSpecHashiCorpVaultSecretsType] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__43e6b7b6c64b4c5e9d1b5f7f1779fdc692f650aaf3dfb3ec5571e7fa92a9f5b0(
    *,
    alt_names: typing.Optional[builtins.str] = None,
    common_name: typing.Optional[builtins.str] = None,
    format: typing.Optional[builtins.str] = None,
    ip_sans: typing.Optional[builtins.str] = None,
    other_sans: typing.Optional[builtins.str] = None,
    ttl: typing.Optional[builtins.str] = None,
    uri_sans: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__35fd909cfe1387b50fced7bd2b6c5a19e9b9c6a609865c406c59c44304a22a0a(
    *,
    client_id: builtins.str,
    token_url: builtins.str,
    type: TriggerAuthenticationSpecOauth2Type,
    client_secret: typing.Optional[typing.Union[TriggerAuthenticationSpecOauth2ClientSecret, typing.Dict[builtins.str, typing.Any]]] = None,
    scopes: typing.Optional[typing.Sequence[builtins.str]] = None,
    token_url_params: typing.Optional[typing.Mapping[builtins.str, builtins.str]] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__fceb126ddac30a97d953e98704ab6fb321e5c3a3e363856075de0fa7d4e72c08(
    *,
    value_from: typing.Union[TriggerAuthenticationSpecOauth2ClientSecretValueFrom, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__784c7ed7d69d4287c4d06c72ef88fc248b6619c061c9e5bc525f6a45dc4b011f(
    *,
    secret_key_ref: typing.Union[TriggerAuthenticationSpecOauth2ClientSecretValueFromSecretKeyRef, typing.Dict[builtins.str, typing.Any]],
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__08c68e9955394e6b5ba2841b344b79661baa2c0a5671a356419c83f278e3a54e(
    *,
    key: builtins.str,
    name: builtins.str,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__9c3a845a8d1d93eebeb46bad872505db87e96dcdd6849d92831fb5d16f7caef2(
    *,
    provider: TriggerAuthenticationSpecPodIdentityProvider,
    external_id: typing.Optional[builtins.str] = None,
    identity_authority_host: typing.Optional[builtins.str] = None,
    identity_id: typing.Optional[builtins.str] = None,
    identity_owner: typing.Optional[TriggerAuthenticationSpecPodIdentityIdentityOwner] = None,
    identity_tenant_id: typing.Optional[builtins.str] = None,
    role_arn: typing.Optional[builtins.str] = None,
) -> None:
    """Type checking stubs"""
    pass

def _typecheckingstub__d284b3348419c2ff363747c4fd37fc15ea0fce0ce3c8e43fb31d775e2afdcc45(
    *,
    key: builtins.str,
    name: builtins.str,
    parameter: builtins.str,
) -> None:
    """Type checking stubs"""
    pass
