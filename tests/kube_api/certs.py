"""A certificate authority and a server certificate for 127.0.0.1, made once per test session.

Why: kubectl sends a bearer token only over TLS (as against EKS), so the fake API server must speak HTTPS with a CA the
kubeconfig can carry as ``certificate-authority-data``. EC P-256 keys keep generation to milliseconds.
"""
from __future__ import annotations

import atexit
import base64
import datetime
import ipaddress
import shutil
import ssl
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


@dataclass(frozen=True)
class Certificates:
    ca_pem: bytes
    cert_pem: bytes
    key_pem: bytes
    folder: Path  # cert and key as files: ssl.SSLContext.load_cert_chain reads only files

    @property
    def ca_data(self) -> str:
        """Base64 of the CA PEM, as EKS's ``certificateAuthority.data`` and a kubeconfig's certificate-authority-data."""
        return base64.b64encode(self.ca_pem).decode()

    def server_context(self) -> ssl.SSLContext:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.folder / "server.crt", self.folder / "server.key")
        context.set_alpn_protocols(["http/1.1"])  # no h2: the server speaks HTTP/1.1 (chunked watch streams)
        return context


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


@lru_cache(maxsize=1)
def session_certificates() -> Certificates:
    """One CA and one server certificate (IP SAN 127.0.0.1, DNS localhost) for the whole session."""
    now = datetime.datetime.now(datetime.timezone.utc)
    start, end = now - datetime.timedelta(days=1), now + datetime.timedelta(days=30)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (x509.CertificateBuilder().subject_name(_name("kube-api-test-ca")).issuer_name(_name("kube-api-test-ca"))
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(start).not_valid_after(end)
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                       content_commitment=False, key_encipherment=False, data_encipherment=False,
                                       key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(_name("kube-apiserver")).issuer_name(ca.subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(start).not_valid_after(end)
            # Go verifies an IP address only against IP SANs, never the common name.
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                                                        x509.DNSName("localhost")]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    folder = Path(tempfile.mkdtemp(prefix="kube-api-certs-"))
    atexit.register(shutil.rmtree, folder, True)  # one per process, kept until it ends
    cert_pem = cert.public_bytes(serialization.Encoding.PEM)
    (folder / "server.crt").write_bytes(cert_pem)
    (folder / "server.key").write_bytes(_pem(key))
    return Certificates(ca.public_bytes(serialization.Encoding.PEM), cert_pem, _pem(key), folder)
