"""HTTPS with the server's own CA and a bearer token; /version."""
from __future__ import annotations

import json
import ssl
import urllib.error
import urllib.request
from pathlib import Path

import yaml

from kube_api.server import KubeApiServer
from kube_api.tools import kubectl


def test_kubectl_version_over_tls_with_token(kube_api: KubeApiServer) -> None:
    result = kubectl(kube_api, "version", "-o", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["serverVersion"]["gitVersion"].startswith("v1.33")
    assert kube_api.requests[0].path == "/version"
    assert kube_api.requests[0].user_agent.startswith("kubectl/v1.33")


def test_kubeconfig_carries_ca_data_and_token(kube_api: KubeApiServer, tmp_path: Path) -> None:
    config = yaml.safe_load(Path(kube_api.write_kubeconfig(tmp_path / "config")).read_text())
    assert config["clusters"][0]["cluster"]["certificate-authority-data"] == kube_api.ca_data
    assert config["users"][0]["user"]["token"] == kube_api.token
    assert config["clusters"][0]["cluster"]["server"].startswith("https://127.0.0.1:")


def _get(server: KubeApiServer, path: str, token: str | None) -> tuple[int, dict]:
    import base64
    context = ssl.create_default_context(cadata=base64.b64decode(server.ca_data).decode())
    request = urllib.request.Request(server.url + path)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, context=context) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_request_without_token_is_401_with_a_status(kube_api: KubeApiServer) -> None:
    code, body = _get(kube_api, "/api/v1/namespaces", None)
    assert code == 401
    assert body == {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                    "message": "Unauthorized", "reason": "Unauthorized", "code": 401}
    assert _get(kube_api, "/api/v1/namespaces", "wrong")[0] == 401
    assert _get(kube_api, "/api/v1/namespaces", kube_api.token)[0] == 200


def test_kubectl_with_a_token_not_accepted_must_log_in(kube_api: KubeApiServer) -> None:
    kube_api.access(authenticated=False)  # e.g. an EKS access entry whose token is not accepted yet
    result = kubectl(kube_api, "get", "configmaps")
    assert result.returncode == 1
    assert ("error: You must be logged in to the server (the server has asked for the client to provide "
            "credentials)") in result.stderr
    kube_api.access(authenticated=True)
    assert kubectl(kube_api, "get", "configmaps").returncode == 0


def test_certificate_is_verified_against_the_ca(kube_api: KubeApiServer, tmp_path: Path) -> None:
    import base64
    # A kubeconfig with another CA: kubectl refuses the server certificate.
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    import datetime
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(x509.oid.NameOID.COMMON_NAME, "other")])
    now = datetime.datetime.now(datetime.timezone.utc)
    other = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
             .serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=1))
             .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True).sign(key, hashes.SHA256()))
    kube_api.ca_data = base64.b64encode(other.public_bytes(serialization.Encoding.PEM)).decode()
    result = kubectl(kube_api, "get", "configmaps")
    assert result.returncode == 1
    assert "x509: certificate signed by unknown authority" in result.stderr
