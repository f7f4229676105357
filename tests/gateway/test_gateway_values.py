"""Every documented rule of the Inference Gateway fails when the value is built, naming the field, the value and what
is allowed; a gateway that keeps every rule builds."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from hyperpod_constructs import (
    BodyBasedRouting, ClaimType, GatewayPodDefaults, GatewayScheduler, GatewayTls, InferenceGateway,
    InferenceOperatorOptions, JwtAuthentication, PluginsConfigMap, RequiredClaim, SchedulerImplementation,
    SchedulerWeights,
)
from hyperpod_constructs.errors import HyperPodValidationError
from hyperpod_constructs.resolve.gateway import resolve_gateway
from hyperpod_constructs.resolve.platform_model import ResolvedPlatform

ISSUER = "https://cognito-idp.us-west-2.amazonaws.com/us-west-2_Abc"
JWT = JwtAuthentication(provider_name="cognito", issuer=ISSUER, jwks_uri=f"{ISSUER}/.well-known/jwks.json",
                        audiences=["models-client"])


def scheduler(name: str = "qwen", **fields: Any) -> GatewayScheduler:
    return GatewayScheduler(name=name, model_name=fields.pop("model_name", f"org/{name}"),
                            model_selector=fields.pop("model_selector", {"app": name}), **fields)


def gateway(*schedulers: GatewayScheduler, **fields: Any) -> InferenceGateway:
    fields.setdefault("auth", JWT)
    return InferenceGateway(name=fields.pop("name", "models"), schedulers=schedulers or (scheduler(),), **fields)


def test_a_gateway_keeping_every_rule_builds_and_resolves_its_namespace_once() -> None:
    built = gateway(scheduler("qwen", weights=SchedulerWeights(lru=1, prefix=0), lora_adapters=["sql", "chat"]),
                    scheduler("llama", scheduler="epp", plugins=PluginsConfigMap(name="llama-plugins")),
                    bbr=BodyBasedRouting(default_backend="qwen"), tls=GatewayTls(
                        acm_certificate_arn="arn:aws:acm:us-west-2:111122223333:certificate/0a1b-2c3d"))
    assert built.schedulers[1].scheduler is SchedulerImplementation.EPP  # the CRD's value converts
    serving = ResolvedPlatform(namespace="serving")
    resolved = resolve_gateway(built, serving)
    assert (resolved.namespace, resolved.where) == ("serving", "InferenceGateway serving/models")
    assert resolved.model_names == ("org/qwen", "org/llama")
    assert resolve_gateway(gateway(namespace="team"), serving).namespace == "team"
    assert gateway(auth=None, allow_unauthenticated=True).auth is None


MISTAKES: list[tuple[str, Callable[[], Any], str]] = [
    # InferenceGateway: the rules across its schedulers and its authentication.
    ("bbr with more than one scheduler", lambda: gateway(scheduler("a"), scheduler("b"),
                                                          bbr=BodyBasedRouting(enabled=False)),
     "InferenceGateway 'models': bbr.enabled=False is not allowed; True with more than one scheduler (2)"),
    ("unique scheduler names", lambda: gateway(scheduler("a"), scheduler("a", model_name="org/other")),
     "schedulers[].name=['a'] is not allowed; each scheduler's name once"),
    ("unique model names", lambda: gateway(scheduler("a", model_name="org/m"), scheduler("b", model_name="org/m")),
     "schedulers[].model_name=['org/m'] is not allowed; each scheduler's model_name once"),
    ("an adapter under two schedulers", lambda: gateway(scheduler("a", lora_adapters=["sql"]),
                                                        scheduler("b", lora_adapters=["sql"])),
     "schedulers[].lora_adapters=['sql'] is not allowed; each adapter under one scheduler: the router resolves an "
     "adapter name to one base model; list it on the scheduler whose endpoint loads it ('sql' is under a, b)"),
    ("an adapter named like a model", lambda: gateway(scheduler("a", lora_adapters=["org/b"]), scheduler("b")),
     "schedulers[].lora_adapters=['org/b'] is not allowed; adapter names that are no scheduler's model_name: a "
     "request naming one would match two routes; rename the adapter (--lora-modules <new name>=<path>)"),
    ("no schedulers", lambda: InferenceGateway(name="models", schedulers=[], auth=JWT),
     "schedulers=0 is not allowed; 1 to 100 schedulers"),
    ("more than 100 schedulers", lambda: gateway(*(scheduler(f"s{i}") for i in range(101))),
     "schedulers=101 is not allowed; 1 to 100 schedulers"),
    ("no authentication unless said", lambda: gateway(auth=None),
     "auth=None is not allowed; a JwtAuthentication(...): a gateway without authentication serves anyone who reaches "
     "its load balancer; pass allow_unauthenticated=True"),
    ("authentication and allow_unauthenticated", lambda: gateway(allow_unauthenticated=True),
     "allow_unauthenticated=True is not allowed; False when auth is given"),
    ("default backend not a scheduler", lambda: gateway(bbr=BodyBasedRouting(default_backend="other")),
     "bbr.default_backend='other' is not allowed; the name of one of the gateway's schedulers: qwen"),
    ("gateway name", lambda: gateway(name="Models"), "name='Models' is not allowed; a Kubernetes name"),
    ("gateway namespace", lambda: gateway(namespace="Team_A"),
     "namespace='Team_A' is not allowed; a Kubernetes namespace"),
    ("metrics", lambda: gateway(metrics="yes"), "metrics='yes' is not allowed; True or False"),
    # GatewayScheduler
    ("weights and a plugins ConfigMap", lambda: scheduler(weights=SchedulerWeights(),
                                                         plugins=PluginsConfigMap(name="p")),
     "GatewayScheduler 'qwen': plugins=PluginsConfigMap(name='p', key='default-plugins.yaml') is not allowed; weights "
     "or a plugins ConfigMap, not both"),
    ("lru only with llm-d", lambda: scheduler(scheduler=SchedulerImplementation.EPP, weights=SchedulerWeights(lru=2)),
     "weights.lru=2 is not allowed; the lru scorer only with scheduler=SchedulerImplementation.LLM_D"),
    ("scheduler name", lambda: scheduler("Qwen"), "GatewayScheduler 'Qwen': name='Qwen' is not allowed"),
    ("scheduler implementation", lambda: scheduler(scheduler="llmd"),
     "scheduler='llmd' is not allowed; one of 'llm-d', 'epp' (or SchedulerImplementation.<NAME>); "
     "did you mean 'llm-d'?"),
    ("engine type", lambda: scheduler(engine_type="tgi"), "engine_type='tgi' is not allowed; one of 'vllm', 'sglang'"),
    ("app protocol", lambda: scheduler(app_protocol="grpc"),
     "app_protocol='grpc' is not allowed; one of 'http', 'kubernetes.io/h2c'"),
    ("model name length", lambda: scheduler(model_name="m" * 254),
     "is not allowed; the model name requests carry, 1-253 characters"),
    ("model selector", lambda: scheduler(model_selector={}),
     "model_selector={} is not allowed; labels of the model's pods, at least one"),
    ("target port", lambda: scheduler(target_port=0), "target_port=0 is not allowed; an integer from 1 to 65535"),
    ("replicas", lambda: scheduler(replicas=0), "replicas=0 is not allowed; an integer >= 1"),
    ("more than 50 adapters", lambda: scheduler(lora_adapters=[f"a{i}" for i in range(51)]),
     "lora_adapters=51 is not allowed; at most 50 adapters"),
    ("adapter name length", lambda: scheduler(lora_adapters=["a" * 254]),
     "lora_adapters[0]='" + "a" * 254 + "' is not allowed; an adapter name of 1-253 characters"),
    ("adapter twice", lambda: scheduler(lora_adapters=["sql", "sql"]),
     "lora_adapters=['sql'] is not allowed; each adapter once"),
    ("a credential in the picker's env", lambda: scheduler(env={"HF_TOKEN": "hf_abc"}),
     "env['HF_TOKEN']="),
    ("route timeout", lambda: scheduler(route_timeout="5 minutes"),
     "route_timeout='5 minutes' is not allowed; a Gateway API duration such as '300s'"),
    ("log level", lambda: scheduler(log_level=6), "log_level=6 is not allowed; an integer from 0 to 5"),
    # Weights, plugins, BBR
    ("negative weight", lambda: SchedulerWeights(kv_cache=-1),
     "SchedulerWeights: kv_cache=-1 is not allowed; an integer >= 0"),
    ("plugins ConfigMap name", lambda: PluginsConfigMap(name="My_Plugins"),
     "PluginsConfigMap: name='My_Plugins' is not allowed; a ConfigMap name"),
    ("plugins ConfigMap key", lambda: PluginsConfigMap(name="p", key="plugins yaml"),
     "key='plugins yaml' is not allowed; a ConfigMap key"),
    ("bbr replicas", lambda: BodyBasedRouting(replicas=0),
     "BodyBasedRouting: replicas=0 is not allowed; an integer >= 1"),
    ("bbr body limit", lambda: BodyBasedRouting(max_request_body_bytes=268435457),
     "max_request_body_bytes=268435457 is not allowed; an integer from 1 to 268435456"),
    ("bbr default backend port", lambda: BodyBasedRouting(default_backend="qwen", default_backend_port=70000),
     "default_backend_port=70000 is not allowed; an integer from 1 to 65535"),
    ("bbr default backend name", lambda: BodyBasedRouting(default_backend="Qwen"),
     "default_backend='Qwen' is not allowed; a Kubernetes name"),
    # JWT
    ("jwt audience or claim", lambda: JwtAuthentication(provider_name="p", issuer=ISSUER, jwks_uri=ISSUER),
     "JwtAuthentication: audiences=() is not allowed; at least one audience or one required claim"),
    ("jwt issuer https", lambda: JwtAuthentication(provider_name="p", issuer="http://idp", jwks_uri=ISSUER,
                                                   audiences=["a"]),
     "issuer='http://idp' is not allowed; an https:// URL"),
    ("jwks https", lambda: JwtAuthentication(provider_name="p", issuer=ISSUER, jwks_uri="jwks.json", audiences=["a"]),
     "jwks_uri='jwks.json' is not allowed; an https:// URL"),
    ("more than 8 audiences", lambda: JwtAuthentication(provider_name="p", issuer=ISSUER, jwks_uri=ISSUER,
                                                        audiences=[f"a{i}" for i in range(9)]),
     "is not allowed; at most 8 non-empty strings"),
    ("more than 16 claims", lambda: JwtAuthentication(provider_name="p", issuer=ISSUER, jwks_uri=ISSUER,
                                                      required_claims=[RequiredClaim(name=f"c{i}", values=["v"])
                                                                       for i in range(17)]),
     "required_claims=17 is not allowed; at most 16 claims"),
    ("provider name", lambda: JwtAuthentication(provider_name="My IdP", issuer=ISSUER, jwks_uri=ISSUER,
                                                audiences=["a"]),
     "provider_name='My IdP' is not allowed; a Kubernetes name"),
    ("claim values", lambda: RequiredClaim(name="groups", values=[]),
     "RequiredClaim 'groups': values=() is not allowed; 1 to 128 strings"),
    ("claim name", lambda: RequiredClaim(name="", values=["v"]), "name='' is not allowed; a claim name"),
    ("claim type", lambda: RequiredClaim(name="groups", values=["v"], value_type="list"),
     "value_type='list' is not allowed; one of 'String', 'StringArray'"),
    # TLS, pod defaults, the add-on
    ("acm certificate arn", lambda: GatewayTls(acm_certificate_arn="arn:aws:acm:us-west-2:1234:certificate/ab"),
     "GatewayTls: acm_certificate_arn='arn:aws:acm:us-west-2:1234:certificate/ab' is not allowed; an ACM certificate "
     "ARN"),
    ("pod default labels", lambda: GatewayPodDefaults(labels={"team": 1}),
     "GatewayPodDefaults: labels={'team': 1} is not allowed; string keys and string values"),
    ("a credential in the pods' env", lambda: GatewayPodDefaults(env={"API_KEY": "abc123"}), "env['API_KEY']="),
    ("add-on too old for the gateway", lambda: InferenceOperatorOptions(inference_gateway=True,
                                                                        addon_version="v1.5.0-eksbuild.1"),
     "operator: addon_version='v1.5.0-eksbuild.1' is not allowed; the Inference Gateway needs add-on "
     "v2.0.0-eksbuild.2 or later"),
    ("add-on switch", lambda: InferenceOperatorOptions(inference_gateway="yes"),
     "operator: inference_gateway='yes' is not allowed; True or False"),
]


@pytest.mark.parametrize("make,message", [(make, message) for _, make, message in MISTAKES],
                         ids=[label for label, _, _ in MISTAKES])
def test_each_rule_names_the_field_the_value_and_what_is_allowed(make: Callable[[], Any], message: str) -> None:
    with pytest.raises(HyperPodValidationError) as raised:
        make()
    assert message in str(raised.value)


def test_a_new_enough_or_default_addon_may_run_the_gateway() -> None:
    assert InferenceOperatorOptions(inference_gateway=True, addon_version="v2.0.0-eksbuild.2").inference_gateway
    assert InferenceOperatorOptions(inference_gateway=True).addon_version is None
    assert InferenceOperatorOptions(addon_version="v1.5.0-eksbuild.1").inference_gateway is False


def test_string_values_of_enums_convert_and_claims_default_to_one_string() -> None:
    assert RequiredClaim(name="groups", values=["admins"]).value_type is ClaimType.STRING
    assert RequiredClaim(name="groups", values=["a"], value_type="StringArray").value_type is ClaimType.STRING_ARRAY
