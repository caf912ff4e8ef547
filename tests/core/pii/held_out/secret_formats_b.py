"""Held-out credential formats (set B) for the secret-redaction tests.

Stand-alone: standard library only, no project imports.

``generate(rng)`` returns one ``(format_name, secret_value, sentence)`` tuple
for each credential format below. The random part of every secret comes from
``rng``, using the provider's own alphabet and length, so a different seed
gives different secrets in the same formats. ``secret_value`` appears in
``sentence`` exactly once.

Formats that are plain hex or a UUID (Twilio auth token, Datadog keys,
Postmark, Algolia, GCP private_key_id, ...) are written into an assignment or
sentence that names the provider and calls the value a key/token/secret,
because context is the only way to recognise them.

``LOOKALIKES`` lists ``(sentence, must_survive_substring)`` pairs: strings that
look random but are not secrets, so a redactor must leave them alone.
"""

from __future__ import annotations

import base64
import json
import random
import string

__all__ = ["generate", "LOOKALIKES"]

# --------------------------------------------------------------------------
# alphabets
# --------------------------------------------------------------------------
DIGITS = string.digits
HEX = "0123456789abcdef"
HEX_UPPER = "0123456789ABCDEF"
LOWER = string.ascii_lowercase
LETTERS = string.ascii_letters
ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32_AWS = string.ascii_uppercase + "234567"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
AZURE_SECRET = ALNUM + "_~.-"


def _s(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _hex(rng: random.Random, n: int) -> str:
    return _s(rng, HEX, n)


def _num(rng: random.Random, n: int) -> str:
    """n-digit decimal number without a leading zero."""
    return rng.choice("123456789") + _s(rng, DIGITS, n - 1)


def _uuid4(rng: random.Random) -> str:
    h = _hex(rng, 32)
    variant = rng.choice("89ab")
    return f"{h[0:8]}-{h[8:12]}-4{h[13:16]}-{variant}{h[17:20]}-{h[20:32]}"


def _rand_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def _b64_json(obj: object, urlsafe: bool = False, strip: bool = False) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    enc = base64.urlsafe_b64encode(raw) if urlsafe else base64.b64encode(raw)
    out = enc.decode()
    return out.rstrip("=") if strip else out


# --------------------------------------------------------------------------
# one function per format: rng -> (format_name, secret, sentence)
# --------------------------------------------------------------------------
Entry = tuple[str, str, str]


def _stripe_secret_test(rng: random.Random) -> Entry:
    v = "sk_test_51" + _s(rng, ALNUM, 97)
    return ("stripe_secret_key_test", v, f"export STRIPE_SECRET_KEY={v}")


def _stripe_restricted_test(rng: random.Random) -> Entry:
    v = "rk_test_51" + _s(rng, ALNUM, 97)
    return ("stripe_restricted_key_test", v, f"  stripe_restricted_key: {v}")


def _stripe_webhook(rng: random.Random) -> Entry:
    v = "whsec_" + _s(rng, ALNUM, 32)
    return (
        "stripe_webhook_signing_secret",
        v,
        f"Paste the signing secret ({v}) into the webhook handler config before redeploying.",
    )


def _shopify_access(rng: random.Random) -> Entry:
    v = "shpat_" + _hex(rng, 32)
    return (
        "shopify_admin_access_token",
        v,
        '{"shop": "acme-outlet.myshopify.com", "access_token": "%s"}' % v,
    )


def _shopify_shared_secret(rng: random.Random) -> Entry:
    v = "shpss_" + _hex(rng, 32)
    return ("shopify_shared_secret", v, f'SHOPIFY_API_SECRET="{v}"')


def _shopify_custom_app(rng: random.Random) -> Entry:
    v = "shpca_" + _hex(rng, 32)
    return (
        "shopify_custom_app_token",
        v,
        f'curl https://acme-outlet.myshopify.com/admin/api/2024-04/shop.json -H "X-Shopify-Access-Token: {v}"',
    )


def _slack_app(rng: random.Random) -> Entry:
    v = f"xapp-1-A{_s(rng, UPPER_ALNUM, 10)}-{_num(rng, 13)}-{_hex(rng, 64)}"
    return ("slack_app_level_token", v, f"the new slack app-level token is {v}.")


def _slack_user(rng: random.Random) -> Entry:
    v = f"xoxp-{_num(rng, 11)}-{_num(rng, 13)}-{_num(rng, 13)}-{_hex(rng, 32)}"
    return ("slack_user_token", v, f'slack_client = WebClient(token="{v}")')


def _slack_bot(rng: random.Random) -> Entry:
    v = f"xoxb-{_num(rng, 12)}-{_num(rng, 13)}-{_s(rng, ALNUM, 24)}"
    return (
        "slack_bot_token",
        v,
        f'curl -s -X POST https://slack.com/api/chat.postMessage -H "Authorization: Bearer {v}"',
    )


def _slack_webhook(rng: random.Random) -> Entry:
    v = _s(rng, ALNUM, 24)
    url = f"https://hooks.slack.com/services/T{_s(rng, UPPER_ALNUM, 10)}/B{_s(rng, UPPER_ALNUM, 10)}/{v}"
    return ("slack_incoming_webhook_secret", v, f"Alerts go to {url} (channel #ops-alerts).")


def _twilio_auth(rng: random.Random) -> Entry:
    v = _hex(rng, 32)
    return ("twilio_auth_token", v, '{"twilio_auth_token": "%s", "region": "ie1"}' % v)


def _twilio_api_key(rng: random.Random) -> Entry:
    v = "SK" + _hex(rng, 32)
    return ("twilio_api_key_sid", v, f"TWILIO_API_KEY={v}")


def _sendgrid(rng: random.Random) -> Entry:
    v = f"SG.{_s(rng, B64URL, 22)}.{_s(rng, B64URL, 43)}"
    return ("sendgrid_api_key", v, f"use {v} for the SendGrid API")


def _mailgun_new(rng: random.Random) -> Entry:
    v = f"{_hex(rng, 32)}-{_hex(rng, 8)}-{_hex(rng, 8)}"
    return ("mailgun_private_api_key_new", v, f"mailgun_api_key: {v}")


def _mailgun_legacy(rng: random.Random) -> Entry:
    v = "key-" + _hex(rng, 32)
    return (
        "mailgun_private_api_key_legacy",
        v,
        f"requests.post(MAILGUN_URL, auth=('api', '{v}'), data=payload)",
    )


def _postmark(rng: random.Random) -> Entry:
    v = _uuid4(rng)
    return ("postmark_server_token", v, f'POSTMARK_SERVER_TOKEN="{v}"')


def _github_oauth(rng: random.Random) -> Entry:
    v = "gho_" + _s(rng, ALNUM, 36)
    return (
        "github_oauth_access_token",
        v,
        f'curl -H "Authorization: token {v}" https://api.github.com/user',
    )


def _github_user_to_server(rng: random.Random) -> Entry:
    v = "ghu_" + _s(rng, ALNUM, 36)
    return (
        "github_app_user_to_server_token",
        v,
        f"The GitHub App user token {v} expires in eight hours, so refresh it first.",
    )


def _github_installation(rng: random.Random) -> Entry:
    v = "ghs_" + _s(rng, ALNUM, 36)
    return (
        "github_app_installation_token",
        v,
        f"git clone https://x-access-token:{v}@github.com/acme/infra.git",
    )


def _github_refresh(rng: random.Random) -> Entry:
    v = "ghr_" + _s(rng, ALNUM, 76)
    return (
        "github_refresh_token",
        v,
        f"POST body: client_id=Iv1.8a61f9b3a7aba766&refresh_token={v}&grant_type=refresh_token",
    )


def _github_fine_grained(rng: random.Random) -> Entry:
    v = f"github_pat_11{_s(rng, UPPER_ALNUM, 20)}_{_s(rng, ALNUM, 59)}"
    return ("github_fine_grained_pat", v, f"GH_TOKEN: {v}")


def _gitlab_runner(rng: random.Random) -> Entry:
    v = "glrt-" + _s(rng, B64URL, 20)
    return (
        "gitlab_runner_auth_token",
        v,
        f"gitlab-runner register --non-interactive --url https://gitlab.example.com --token {v}",
    )


def _gitlab_deploy(rng: random.Random) -> Entry:
    v = "gldt-" + _s(rng, B64URL, 20)
    return (
        "gitlab_deploy_token",
        v,
        f"docker login registry.gitlab.com -u gitlab+deploy-token-41 -p {v}",
    )


def _bitbucket(rng: random.Random) -> Entry:
    v = "ATBB" + _s(rng, ALNUM, 24) + _s(rng, HEX_UPPER, 8)
    return ("bitbucket_app_password", v, f"BITBUCKET_APP_PASSWORD={v}")


def _atlassian(rng: random.Random) -> Entry:
    v = "ATATT3xFfGF0" + _s(rng, B64URL, 171) + "=" + _s(rng, HEX_UPPER, 8)
    return (
        "atlassian_api_token",
        v,
        f"curl -u ops@acme.io:{v} https://acme.atlassian.net/rest/api/3/myself",
    )


def _linear(rng: random.Random) -> Entry:
    v = "lin_api_" + _s(rng, ALNUM, 40)
    return ("linear_api_key", v, '{"linearApiKey": "%s"}' % v)


def _notion_legacy(rng: random.Random) -> Entry:
    v = "secret_" + _s(rng, ALNUM, 43)
    return ("notion_integration_secret_legacy", v, f"NOTION_TOKEN={v}")


def _notion_ntn(rng: random.Random) -> Entry:
    v = "ntn_" + _s(rng, DIGITS, 11) + _s(rng, ALNUM, 35)
    return (
        "notion_integration_token",
        v,
        f"I rotated the Notion integration, new internal token: {v}",
    )


def _figma(rng: random.Random) -> Entry:
    v = "figd_" + _s(rng, B64URL, 40)
    return (
        "figma_personal_access_token",
        v,
        f"curl -H 'X-Figma-Token: {v}' https://api.figma.com/v1/me",
    )


def _vercel(rng: random.Random) -> Entry:
    v = _s(rng, ALNUM, 24)
    return ("vercel_access_token", v, f"vercel deploy --prod --token {v}")


def _netlify(rng: random.Random) -> Entry:
    v = "nfp_" + _s(rng, ALNUM, 40)
    return ("netlify_personal_access_token", v, f"    NETLIFY_AUTH_TOKEN: {v}")


def _flyio(rng: random.Random) -> Entry:
    v = "fo1_" + _s(rng, B64URL, 43)
    return ("flyio_access_token", v, f"FLY_API_TOKEN='{v}' flyctl deploy --remote-only")


def _supabase(rng: random.Random) -> Entry:
    v = "sbp_" + _hex(rng, 40)
    return ("supabase_personal_access_token", v, f"supabase login --token {v}")


def _planetscale(rng: random.Random) -> Entry:
    v = "pscale_tkn_" + _s(rng, B64URL, 43)
    return (
        "planetscale_service_token",
        v,
        '{"service_token_id": "x3k9qv2m7f0a", "service_token": "%s"}' % v,
    )


def _grafana_cloud(rng: random.Random) -> Entry:
    payload = {
        "o": _num(rng, 6),
        "n": f"stack-{_num(rng, 6)}-hm-write-{_s(rng, LOWER, 6)}",
        "k": _s(rng, ALNUM, 24),
        "m": {"r": rng.choice(["prod-us-east-0", "prod-eu-west-2", "prod-ap-southeast-1"])},
    }
    v = "glc_" + _b64_json(payload)
    return (
        "grafana_cloud_api_token",
        v,
        f"Remote write was failing because the Grafana Cloud token ({v}) had expired.",
    )


def _grafana_sa(rng: random.Random) -> Entry:
    v = f"glsa_{_s(rng, ALNUM, 32)}_{_hex(rng, 8)}"
    return (
        "grafana_service_account_token",
        v,
        f'curl -H "Authorization: Bearer {v}" https://grafana.acme.io/api/dashboards/home',
    )


def _sentry_org(rng: random.Random) -> Entry:
    payload = {
        "iat": round(1700000000 + rng.random() * 60000000, 6),
        "url": "https://sentry.io",
        "region_url": rng.choice(["https://us.sentry.io", "https://de.sentry.io"]),
        "org": rng.choice(["acme", "acme-corp", "globex"]),
    }
    v = "sntrys_" + _b64_json(payload) + "_" + _s(rng, B64, 43)
    return (
        "sentry_org_auth_token",
        v,
        f"SENTRY_AUTH_TOKEN={v} sentry-cli releases new 4.12.0",
    )


def _sentry_user(rng: random.Random) -> Entry:
    v = "sntryu_" + _hex(rng, 64)
    return ("sentry_user_auth_token", v, f"sentry:\n  auth_token: {v}\n  org: acme")


def _datadog_api(rng: random.Random) -> Entry:
    v = _hex(rng, 32)
    return ("datadog_api_key", v, f"DATADOG_API_KEY={v}")


def _datadog_app(rng: random.Random) -> Entry:
    v = _hex(rng, 40)
    return (
        "datadog_application_key",
        v,
        f'curl https://api.datadoghq.eu/api/v1/validate -H "DD-API-KEY: ${{DD_API_KEY}}" -H "DD-APPLICATION-KEY: {v}"',
    )


def _newrelic_user(rng: random.Random) -> Entry:
    v = "NRAK-" + _s(rng, UPPER_ALNUM, 27)
    return ("newrelic_user_api_key", v, f'newrelic_api_key = "{v}"')


def _newrelic_insert(rng: random.Random) -> Entry:
    v = "NRII-" + _s(rng, ALNUM + "-", 32)
    return (
        "newrelic_insights_insert_key",
        v,
        f"The New Relic insert key is sent as X-Insert-Key: {v} on every event batch.",
    )


def _dynatrace(rng: random.Random) -> Entry:
    v = f"dt0c01.{_s(rng, UPPER_ALNUM, 24)}.{_s(rng, UPPER_ALNUM, 64)}"
    return (
        "dynatrace_api_token",
        v,
        f'curl https://abc12345.live.dynatrace.com/api/v2/metrics -H "Authorization: Api-Token {v}"',
    )


def _vault_service(rng: random.Random) -> Entry:
    v = "hvs.CAESI" + _s(rng, B64URL, 86)
    return ("hashicorp_vault_service_token", v, f"VAULT_TOKEN={v} vault kv get secret/payments")


def _vault_batch(rng: random.Random) -> Entry:
    v = "hvb.AAAAAQ" + _s(rng, B64URL, 154)
    return (
        "hashicorp_vault_batch_token",
        v,
        '{"auth": {"client_token": "%s", "renewable": false}}' % v,
    )


def _terraform_cloud(rng: random.Random) -> Entry:
    v = f"{_s(rng, ALNUM, 14)}.atlasv1.{_s(rng, ALNUM, 67)}"
    return (
        "terraform_cloud_api_token",
        v,
        'credentials "app.terraform.io" { token = "%s" }' % v,
    )


def _pulumi(rng: random.Random) -> Entry:
    v = "pul-" + _hex(rng, 40)
    return ("pulumi_access_token", v, f"export PULUMI_ACCESS_TOKEN={v}")


def _doppler_personal(rng: random.Random) -> Entry:
    v = "dp.pt." + _s(rng, ALNUM, 43)
    return ("doppler_personal_token", v, f"Use {v} for the Doppler API until the SSO rollout lands.")


def _doppler_service(rng: random.Random) -> Entry:
    v = "dp.st.prd." + _s(rng, ALNUM, 40)
    return ("doppler_service_token", v, f"doppler run --token {v} -- ./bin/server")


def _age(rng: random.Random) -> Entry:
    v = "AGE-SECRET-KEY-1" + _s(rng, BECH32, 58).upper()
    return ("age_secret_key", v, f"SOPS_AGE_KEY={v}")


def _tailscale(rng: random.Random) -> Entry:
    v = f"tskey-auth-k{_s(rng, ALNUM, 7)}CNTRL-{_s(rng, ALNUM, 32)}"
    return ("tailscale_auth_key", v, f"sudo tailscale up --authkey={v} --ssh")


def _replicate(rng: random.Random) -> Entry:
    v = "r8_" + _s(rng, ALNUM, 37)
    return ("replicate_api_token", v, f"REPLICATE_API_TOKEN={v} python predict.py")


def _groq(rng: random.Random) -> Entry:
    v = "gsk_" + _s(rng, ALNUM, 52)
    return (
        "groq_api_key",
        v,
        f'curl https://api.groq.com/openai/v1/models -H "Authorization: Bearer {v}"',
    )


def _openai_project(rng: random.Random) -> Entry:
    v = "sk-proj-" + _s(rng, B64URL, 74) + "T3BlbkFJ" + _s(rng, B64URL, 74)
    return ("openai_project_api_key", v, f'client = OpenAI(api_key="{v}")')


def _openai_svcacct(rng: random.Random) -> Entry:
    v = "sk-svcacct-" + _s(rng, B64URL, 74) + "T3BlbkFJ" + _s(rng, B64URL, 74)
    return ("openai_service_account_key", v, f"the new OpenAI service account key is {v}.")


def _anthropic_api(rng: random.Random) -> Entry:
    v = "sk-ant-api03-" + _s(rng, B64URL, 93) + "AA"
    return (
        "anthropic_api_key",
        v,
        f'curl https://api.anthropic.com/v1/messages -H "x-api-key: {v}" -H "anthropic-version: 2023-06-01"',
    )


def _anthropic_admin(rng: random.Random) -> Entry:
    v = "sk-ant-admin01-" + _s(rng, B64URL, 93) + "AA"
    return ("anthropic_admin_key", v, f"anthropic:\n  admin_key: {v}")


def _cohere(rng: random.Random) -> Entry:
    v = _s(rng, ALNUM, 40)
    return ("cohere_api_key", v, f'COHERE_API_KEY="{v}"')


def _mistral(rng: random.Random) -> Entry:
    v = _s(rng, ALNUM, 32)
    return ("mistral_api_key", v, '{"provider": "mistral", "api_key": "%s"}' % v)


def _perplexity(rng: random.Random) -> Entry:
    v = "pplx-" + _s(rng, ALNUM, 48)
    return ("perplexity_api_key", v, f"For the Perplexity sonar calls I used {v}, please revoke it.")


def _xai(rng: random.Random) -> Entry:
    v = "xai-" + _s(rng, ALNUM, 80)
    return (
        "xai_api_key",
        v,
        f'curl https://api.x.ai/v1/chat/completions -H "Authorization: Bearer {v}" -d @req.json',
    )


def _huggingface(rng: random.Random) -> Entry:
    v = "hf_" + _s(rng, LETTERS, 34)
    return ("huggingface_access_token", v, f"huggingface-cli login --token {v}")


def _databricks(rng: random.Random) -> Entry:
    v = "dapi" + _hex(rng, 32)
    return ("databricks_personal_access_token", v, f'DATABRICKS_TOKEN: "{v}"')


def _azure_client_secret(rng: random.Random) -> Entry:
    v = _s(rng, ALNUM + "_~.", 3) + rng.choice(DIGITS) + "Q~" + _s(rng, AZURE_SECRET, 34)
    return ("azure_ad_client_secret", v, f'AZURE_CLIENT_SECRET="{v}"')


def _aws_asia(rng: random.Random) -> Entry:
    v = "ASIA" + _s(rng, BASE32_AWS, 16)
    return ("aws_temporary_access_key_id", v, f"aws_access_key_id = {v}")


def _aws_session_token(rng: random.Random) -> Entry:
    key_id = "ASIA" + _s(rng, BASE32_AWS, 16)
    raw = b"!\n\torigin_ec" + _rand_bytes(rng, rng.randint(380, 560))
    v = base64.b64encode(raw).decode()
    return (
        "aws_session_token",
        v,
        f"AWS_ACCESS_KEY_ID={key_id} AWS_SESSION_TOKEN={v} aws s3 ls s3://acme-artifacts",
    )


def _gcp_private_key_id(rng: random.Random) -> Entry:
    v = _hex(rng, 40)
    doc = {
        "type": "service_account",
        "project_id": "acme-prod-31415",
        "private_key_id": v,
        "client_email": "deployer@acme-prod-31415.iam.gserviceaccount.com",
    }
    return ("gcp_service_account_private_key_id", v, json.dumps(doc))


def _google_api_key(rng: random.Random) -> Entry:
    v = "AIza" + _s(rng, B64URL, 35)
    return (
        "google_api_key",
        v,
        f"https://maps.googleapis.com/maps/api/geocode/json?address=Berlin&key={v}",
    )


def _google_oauth_access(rng: random.Random) -> Entry:
    v = "ya29." + _s(rng, B64URL, 160)
    return (
        "google_oauth_access_token",
        v,
        f"GET https://www.googleapis.com/oauth2/v3/tokeninfo?access_token={v}",
    )


def _firebase_fcm(rng: random.Random) -> Entry:
    v = f"AAAA{_s(rng, B64URL, 7)}:APA91b{_s(rng, B64URL, 134)}"
    return ("firebase_cloud_messaging_server_key", v, f"Authorization: key={v}")


def _discord_webhook(rng: random.Random) -> Entry:
    v = _s(rng, B64URL, 68)
    url = f"https://discord.com/api/webhooks/{_num(rng, 19)}/{v}"
    return ("discord_webhook_token", v, f"DISCORD_WEBHOOK_URL={url}")


def _telegram(rng: random.Random) -> Entry:
    v = f"{_num(rng, 10)}:AA{_s(rng, B64URL, 33)}"
    return (
        "telegram_bot_token",
        v,
        f"https://api.telegram.org/bot{v}/sendMessage?chat_id=-1001234567890",
    )


def _npm(rng: random.Random) -> Entry:
    v = "npm_" + _s(rng, ALNUM, 36)
    return ("npm_access_token", v, f"//registry.npmjs.org/:_authToken={v}")


def _pypi(rng: random.Random) -> Entry:
    project = rng.choice([b"acme-utils", b"fastwidget", b"tinyparse"])
    raw = (
        b"\x02\x01\x08pypi.org\x02\x24"
        + _uuid4(rng).encode()
        + b"\x00\x02\x2a"
        + b'[1,["'
        + project
        + b'"]]'
        + b"\x00\x02\x2a"
        + json.dumps({"version": 1, "permissions": {"projects": [project.decode()]}}).encode()
        + b"\x00\x00\x06\x20"
        + _rand_bytes(rng, 32)
    )
    v = "pypi-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    return ("pypi_api_token", v, f"twine upload -u __token__ -p {v} dist/*")


def _rubygems(rng: random.Random) -> Entry:
    v = "rubygems_" + _hex(rng, 48)
    return ("rubygems_api_key", v, f"GEM_HOST_API_KEY: {v}")


def _nuget(rng: random.Random) -> Entry:
    v = "oy2" + _s(rng, LOWER_ALNUM, 43)
    return (
        "nuget_api_key",
        v,
        f"dotnet nuget push Acme.Core.2.1.0.nupkg --api-key {v} --source https://api.nuget.org/v3/index.json",
    )


def _dockerhub(rng: random.Random) -> Entry:
    v = "dckr_pat_" + _s(rng, B64URL, 27)
    return ("dockerhub_personal_access_token", v, f"echo {v} | docker login -u acmebot --password-stdin")


def _jfrog_api_key(rng: random.Random) -> Entry:
    v = "AKCp8" + _s(rng, ALNUM, 68)
    return (
        "jfrog_artifactory_api_key",
        v,
        f"curl -H 'X-JFrog-Art-Api:{v}' https://acme.jfrog.io/artifactory/api/repositories",
    )


def _jfrog_reference(rng: random.Random) -> Entry:
    raw = f"reftkn:01:{_num(rng, 10)}:{_s(rng, ALNUM, 27)}".encode()
    v = base64.b64encode(raw).decode()
    return ("jfrog_reference_token", v, f"artifactory_access_token: {v}")


def _heroku(rng: random.Random) -> Entry:
    v = "HRKU-AA" + _s(rng, B64URL, 58)
    return ("heroku_api_key", v, f"HEROKU_API_KEY={v} git push heroku main")


def _square(rng: random.Random) -> Entry:
    v = "EAAA" + _s(rng, B64URL, 60)
    return ("square_access_token", v, f"square_access_token={v}")


def _mapbox(rng: random.Random) -> Entry:
    payload = {"u": rng.choice(["acme-maps", "geoteam", "fleetview"]), "a": "cl" + _s(rng, LOWER_ALNUM, 23)}
    v = "sk." + _b64_json(payload, urlsafe=True, strip=True) + "." + _s(rng, B64URL, 22)
    return ("mapbox_secret_token", v, f"MAPBOX_DOWNLOADS_TOKEN={v}")


def _algolia(rng: random.Random) -> Entry:
    v = _hex(rng, 32)
    return ("algolia_admin_api_key", v, f"algolia_admin_api_key: {v}")


def _contentful_cma(rng: random.Random) -> Entry:
    v = "CFPAT-" + _s(rng, B64URL, 43)
    return ("contentful_management_token", v, f"contentful space list --management-token {v}")


def _contentful_cda(rng: random.Random) -> Entry:
    v = _s(rng, B64URL, 43)
    return ("contentful_delivery_token", v, '{"contentful_delivery_token": "%s", "space": "q8x2v1m0"}' % v)


def _clerk(rng: random.Random) -> Entry:
    v = "sk_live_" + _s(rng, ALNUM, 42)
    return ("clerk_secret_key", v, f"CLERK_SECRET_KEY={v}")


def _postman(rng: random.Random) -> Entry:
    v = f"PMAK-{_hex(rng, 24)}-{_hex(rng, 34)}"
    return ("postman_api_key", v, f"newman run collection.json --postman-api-key {v}")


def _digitalocean(rng: random.Random) -> Entry:
    v = "dop_v1_" + _hex(rng, 64)
    return ("digitalocean_personal_access_token", v, f"doctl auth init --access-token {v}")


def _sourcegraph(rng: random.Random) -> Entry:
    v = f"sgp_{_hex(rng, 16)}_{_hex(rng, 40)}"
    return ("sourcegraph_access_token", v, f"SRC_ACCESS_TOKEN={v} src search 'repo:acme lang:go'")


def _prefect(rng: random.Random) -> Entry:
    v = "pnu_" + _s(rng, ALNUM, 36)
    return ("prefect_api_key", v, f"prefect cloud login --key {v}")


def _readme(rng: random.Random) -> Entry:
    v = "rdme_" + _s(rng, LOWER_ALNUM, 70)
    return ("readme_api_key", v, f"rdme openapi spec.yaml --key={v}")


def _infracost(rng: random.Random) -> Entry:
    v = "ico-" + _s(rng, ALNUM, 32)
    return ("infracost_api_key", v, f"INFRACOST_API_KEY={v}")


def _airtable(rng: random.Random) -> Entry:
    v = f"pat{_s(rng, ALNUM, 14)}.{_hex(rng, 64)}"
    return ("airtable_personal_access_token", v, f"Airtable(token='{v}')")


def _scalingo(rng: random.Random) -> Entry:
    v = "tk-us-" + _s(rng, B64URL, 48)
    return ("scalingo_api_token", v, f"scalingo login --api-token {v}")


def _okta(rng: random.Random) -> Entry:
    v = "00" + _s(rng, B64URL, 40)
    return (
        "okta_api_token",
        v,
        f'curl https://acme.okta.com/api/v1/users?limit=25 -H "Authorization: SSWS {v}"',
    )


def _harness(rng: random.Random) -> Entry:
    v = f"pat.{_s(rng, B64URL, 22)}.{_s(rng, ALNUM, 24)}.{_s(rng, ALNUM, 20)}"
    return ("harness_personal_access_token", v, f"harness login --api-key {v} --account-id kmpySmUISimoRrJL6NL73w")


def _cloudflare(rng: random.Random) -> Entry:
    v = _s(rng, B64URL, 40)
    return ("cloudflare_api_token", v, f"CLOUDFLARE_API_TOKEN={v}")


def _launchdarkly(rng: random.Random) -> Entry:
    v = "sdk-" + _uuid4(rng)
    return ("launchdarkly_sdk_key", v, f"launchdarkly:\n  sdk_key: {v}")


def _dropbox(rng: random.Random) -> Entry:
    v = "sl." + _s(rng, B64URL, 135)
    return ("dropbox_short_lived_token", v, f"dbx = dropbox.Dropbox('{v}')")


def _render(rng: random.Random) -> Entry:
    v = "rnd_" + _s(rng, ALNUM, 32)
    return ("render_api_key", v, f"the Render deploy hook now authenticates with {v}.")


def _neon(rng: random.Random) -> Entry:
    v = "napi_" + _s(rng, LOWER_ALNUM, 64)
    return ("neon_api_key", v, f"NEON_API_KEY={v} neonctl projects list")


_FORMATS = [
    _stripe_secret_test,
    _stripe_restricted_test,
    _stripe_webhook,
    _shopify_access,
    _shopify_shared_secret,
    _shopify_custom_app,
    _slack_app,
    _slack_user,
    _slack_bot,
    _slack_webhook,
    _twilio_auth,
    _twilio_api_key,
    _sendgrid,
    _mailgun_new,
    _mailgun_legacy,
    _postmark,
    _github_oauth,
    _github_user_to_server,
    _github_installation,
    _github_refresh,
    _github_fine_grained,
    _gitlab_runner,
    _gitlab_deploy,
    _bitbucket,
    _atlassian,
    _linear,
    _notion_legacy,
    _notion_ntn,
    _figma,
    _vercel,
    _netlify,
    _flyio,
    _supabase,
    _planetscale,
    _grafana_cloud,
    _grafana_sa,
    _sentry_org,
    _sentry_user,
    _datadog_api,
    _datadog_app,
    _newrelic_user,
    _newrelic_insert,
    _dynatrace,
    _vault_service,
    _vault_batch,
    _terraform_cloud,
    _pulumi,
    _doppler_personal,
    _doppler_service,
    _age,
    _tailscale,
    _replicate,
    _groq,
    _openai_project,
    _openai_svcacct,
    _anthropic_api,
    _anthropic_admin,
    _cohere,
    _mistral,
    _perplexity,
    _xai,
    _huggingface,
    _databricks,
    _azure_client_secret,
    _aws_asia,
    _aws_session_token,
    _gcp_private_key_id,
    _google_api_key,
    _google_oauth_access,
    _firebase_fcm,
    _discord_webhook,
    _telegram,
    _npm,
    _pypi,
    _rubygems,
    _nuget,
    _dockerhub,
    _jfrog_api_key,
    _jfrog_reference,
    _heroku,
    _square,
    _mapbox,
    _algolia,
    _contentful_cma,
    _contentful_cda,
    _clerk,
    _postman,
    _digitalocean,
    _sourcegraph,
    _prefect,
    _readme,
    _infracost,
    _airtable,
    _scalingo,
    _okta,
    _harness,
    _cloudflare,
    _launchdarkly,
    _dropbox,
    _render,
    _neon,
]


def generate(rng: random.Random) -> list[tuple[str, str, str]]:
    """One (format_name, secret_value, sentence) tuple per credential format."""
    return [fn(rng) for fn in _FORMATS]


# --------------------------------------------------------------------------
# look-alikes: random-looking but NOT secrets; the substring must survive
# --------------------------------------------------------------------------
LOOKALIKES: list[tuple[str, str]] = [
    # git log --oneline output (abbreviated commit SHAs)
    ("a84bba0 Fix flaky retry test in scheduler", "a84bba0"),
    ("7931db9 (HEAD -> main, origin/main) Bump urllib3 to 2.2.2", "7931db9"),
    # full commit SHA from git rev-parse
    (
        "$ git rev-parse HEAD\nc764d1c0acb3dea13519a60a077bbd142880e842",
        "c764d1c0acb3dea13519a60a077bbd142880e842",
    ),
    # Docker image digest
    (
        "image: ghcr.io/acme/api@sha256:7abeec12975fd55911ea2cbd390b656a4d2bad821df997d529975dcb6de0703b",
        "sha256:7abeec12975fd55911ea2cbd390b656a4d2bad821df997d529975dcb6de0703b",
    ),
    # Go module checksum (go.sum)
    (
        "golang.org/x/sync v0.7.0 h1:yZIiUJlY7rc8hnTwbYYFnw/PuNCdyIzbG3AvnAcI7YU=",
        "h1:yZIiUJlY7rc8hnTwbYYFnw/PuNCdyIzbG3AvnAcI7YU=",
    ),
    # npm lockfile integrity
    (
        '"integrity": "sha512-Rw3Ta6dIM8kAubKtckgvLsxB3cxhCs6hKp7zGQHD1vBVJkkaj9HDU/B/XrVYx0BfNyPuZPeSWa8onUTjAnvY8A=="',
        "sha512-Rw3Ta6dIM8kAubKtckgvLsxB3cxhCs6hKp7zGQHD1vBVJkkaj9HDU/B/XrVYx0BfNyPuZPeSWa8onUTjAnvY8A==",
    ),
    # Subresource integrity on a script tag
    (
        '<script src="/static/app.js" integrity="sha384-YB2kZnQALhd2SDZADb5NX/JBrFFkG9Shdjbnn+SWb7H1qJzc/Yx9+XK9jFk0HvOx" crossorigin="anonymous"></script>',
        "sha384-YB2kZnQALhd2SDZADb5NX/JBrFFkG9Shdjbnn+SWb7H1qJzc/Yx9+XK9jFk0HvOx",
    ),
    # S3 multipart ETag
    (
        'ETag: "ac27cd8995efeba9032050d09c589250-12"',
        "ac27cd8995efeba9032050d09c589250-12",
    ),
    # Kubernetes pod name
    (
        "kubectl logs payments-api-n2z86wxx42-7qs6t -c app --since=10m",
        "payments-api-n2z86wxx42-7qs6t",
    ),
    # AWS ARN
    (
        "Role arn:aws:iam::123456789012:role/service-role/acme-lambda-exec-role was assumed.",
        "arn:aws:iam::123456789012:role/service-role/acme-lambda-exec-role",
    ),
    # AWS EC2 instance id
    ("Terminating instance i-03e12b47fa42f93ce in eu-west-1b.", "i-03e12b47fa42f93ce"),
    # W3C traceparent header
    (
        "traceparent: 00-af2ffbf3e0b6e9aba45ee6ebc57f4590-641e1f037860cf29-01",
        "00-af2ffbf3e0b6e9aba45ee6ebc57f4590-641e1f037860cf29-01",
    ),
    # UUID v4 as a request / order id
    (
        "Order a97076d1-c4ce-4c3f-9784-2e30b89f7ec9 was refunded by support.",
        "a97076d1-c4ce-4c3f-9784-2e30b89f7ec9",
    ),
    # ULID
    ("event_id=01JW7DBD7VGQCTM4BM87NG8DWQ type=user.signup", "01JW7DBD7VGQCTM4BM87NG8DWQ"),
    # base64 of plain text
    (
        "echo VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw== | base64 -d",
        "VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==",
    ),
    # semver with pre-release and build metadata
    ("Released acme-cli 2.14.0-rc.1+build.20240611.a1b2c3d today.", "2.14.0-rc.1+build.20240611.a1b2c3d"),
    # Python wheel filename
    (
        "Saved ./wheels/numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        "numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
    ),
    # Maven coordinate
    (
        "Add org.apache.commons:commons-lang3:3.14.0 to the dependencies block.",
        "org.apache.commons:commons-lang3:3.14.0",
    ),
    # public SSH key line
    (
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH9WCDNVyjznAdenC7PlUJDFDZuswyifBCuwgZIf3dEg deploy@ci-runner-03",
        "AAAAC3NzaC1lZDI1NTE5AAAAIH9WCDNVyjznAdenC7PlUJDFDZuswyifBCuwgZIf3dEg",
    ),
    # PGP key fingerprint
    (
        "Primary key fingerprint: DA20 1E0C 0D1A 0DC0 0F0E  71A7 14A1 6E81 C1AA D236",
        "DA20 1E0C 0D1A 0DC0 0F0E  71A7 14A1 6E81 C1AA D236",
    ),
    # bcrypt hash (a hash, not a secret)
    (
        "users.password_hash = '$2b$12$0NEz58Bsk0HliMEMPrYSptNoy7MGtCxuh7oWSAqz7YTkN0EsYCqQs'",
        "$2b$12$0NEz58Bsk0HliMEMPrYSptNoy7MGtCxuh7oWSAqz7YTkN0EsYCqQs",
    ),
    # Bitcoin (bech32) address
    (
        "Donations: bc1qz0rh9785jls3nuu5l0waupn4gfjvuqa6w57ca4",
        "bc1qz0rh9785jls3nuu5l0waupn4gfjvuqa6w57ca4",
    ),
    # YouTube video id
    ("Watch the talk at https://www.youtube.com/watch?v=QHy2Yp-ptzs&t=95s", "QHy2Yp-ptzs"),
    # Google Docs document id in a URL
    (
        "Design doc: https://docs.google.com/document/d/1JqLOJqu3g9DYpQaxEN-cNljiRkV71kDRuIr2jhTxs-O/edit",
        "1JqLOJqu3g9DYpQaxEN-cNljiRkV71kDRuIr2jhTxs-O",
    ),
    # CSS hex colour
    (".btn-primary { background-color: #1e90ff; border-color: #1873cc; }", "#1e90ff"),
    # long CamelCase Java class name
    (
        "Caused by: org.springframework.beans.factory.BeanCreationException in AbstractAutowireCapableBeanFactory",
        "AbstractAutowireCapableBeanFactory",
    ),
    # snake_case Python test name
    (
        "FAILED tests/test_ingest.py::test_parse_handles_unicode_surrogate_pairs_in_header_values",
        "test_parse_handles_unicode_surrogate_pairs_in_header_values",
    ),
    # sha256sum output for a release artifact
    (
        "8973381f412a0a4f9fa423350b233931da53f50a0be52d057e0bd04ab3005440  acme-cli_2.14.0_linux_amd64.tar.gz",
        "8973381f412a0a4f9fa423350b233931da53f50a0be52d057e0bd04ab3005440",
    ),
    # Nix store path
    (
        "/nix/store/cjiqi6jkhw3g0appflfmz6s5w485bplk-openssl-3.0.13/bin/openssl",
        "cjiqi6jkhw3g0appflfmz6s5w485bplk-openssl-3.0.13",
    ),
    # Git LFS pointer
    (
        "oid sha256:682170905f4ec5a399fc47f5edbada514e287ba054769ba41cbb44f075390387",
        "682170905f4ec5a399fc47f5edbada514e287ba054769ba41cbb44f075390387",
    ),
    # Cargo.lock checksum
    (
        'checksum = "0712d5f63adfa395d6cff31aeea03bdba261ad590acbc5fbb5ecb983b410e6f5"',
        "0712d5f63adfa395d6cff31aeea03bdba261ad590acbc5fbb5ecb983b410e6f5",
    ),
    # MD5 checksum of a downloaded file
    (
        "MD5 (ubuntu-24.04-live-server-amd64.iso) = 8de9b9d56191e28c2f2388dc10da5bff",
        "8de9b9d56191e28c2f2388dc10da5bff",
    ),
    # content-hashed webpack bundle
    (
        "Emitted static/js/main.d697312b.js and static/js/vendor.ba82af983eadec108b08.chunk.js",
        "vendor.ba82af983eadec108b08.chunk.js",
    ),
    # OCI layer digest in docker pull output
    (
        "cc17fd04d501: Pull complete, Digest: sha256:cc17fd04d5014995756e61d6b91cda411dfd72f1a3447c745c48c0b90a16be33",
        "sha256:cc17fd04d5014995756e61d6b91cda411dfd72f1a3447c745c48c0b90a16be33",
    ),
]


if __name__ == "__main__":  # quick self-check
    for seed in range(20):
        entries = generate(random.Random(seed))
        names = [name for name, _, _ in entries]
        assert len(names) == len(set(names)), "duplicate format names"
        for name, value, sentence in entries:
            assert sentence.count(value) == 1, (seed, name)
    other = generate(random.Random(12345))
    assert all(a[1] != b[1] for a, b in zip(generate(random.Random(0)), other))
    for sentence, keep in LOOKALIKES:
        assert keep in sentence, keep
    print(f"formats={len(generate(random.Random(0)))} lookalikes={len(LOOKALIKES)}")
