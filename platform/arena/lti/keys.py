"""Our RSA key pairs: the newest unretired one signs what we send platforms (deep linking
responses, client assertions); `GET /lti/jwks` serves the public halves, a retired key's for
KEY_GRACE after its retirement, so that a platform that cached it still checks what it signed."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from sqlalchemy import or_, select

from arena.extensions import db
from arena.models import LtiKey
from arena.models.types import utcnow

#: How long a retired key stays in our key set.
KEY_GRACE = timedelta(days=7)
KEY_BITS = 2048
ALGORITHM = "RS256"


def _new_key() -> LtiKey:
    """Generate a key pair (not yet stored)."""
    private = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    kid = secrets.token_urlsafe(16)
    public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(private.public_key()))
    pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    return LtiKey(kid=kid, private_pem=pem,
                  public_jwk={**public, "kid": kid, "alg": ALGORITHM, "use": "sig"})


def signing_key() -> LtiKey:
    """Return the key that signs now, generating the first one on first use."""
    key = db.session.scalar(select(LtiKey).where(LtiKey.retired_at.is_(None))
                            .order_by(LtiKey.id.desc()).limit(1))
    if key is None:
        key = _new_key()
        db.session.add(key)
        db.session.commit()
    return key


def rotate_key() -> LtiKey:
    """Retire the signing key and make a new one; return the new one."""
    now = utcnow()
    for key in db.session.scalars(select(LtiKey).where(LtiKey.retired_at.is_(None))):
        key.retired_at = now
    key = _new_key()
    db.session.add(key)
    db.session.commit()
    return key


def key_set() -> dict:
    """Return our JWKS: the signing key and the keys retired less than KEY_GRACE ago."""
    signing_key()
    keys = db.session.scalars(select(LtiKey).where(or_(
        LtiKey.retired_at.is_(None), LtiKey.retired_at > utcnow() - KEY_GRACE))
        .order_by(LtiKey.id.desc()))
    return {"keys": [key.public_jwk for key in keys]}


def sign(claims: dict) -> str:
    """Return `claims` as a JWT signed by our signing key (its kid in the header)."""
    key = signing_key()
    return jwt.encode(claims, key.private_pem, algorithm=ALGORITHM, headers={"kid": key.kid})
