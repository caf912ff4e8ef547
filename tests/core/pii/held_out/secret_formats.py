"""Random generators for real-world secret formats (held-out test data).

Each generator draws its body from the provider's real alphabet and at the
provider's real length, so the values look exactly like credentials a secret
scanner would flag.  Nothing here imports the project under test.

    generate(rng) -> list[(format_name, secret_value, sentence_containing_it)]

Run this file directly to print a few examples.
"""

from __future__ import annotations

import base64
import json
import random
import secrets  # noqa: F401  (kept available for ad-hoc non-deterministic use)
import string

ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + string.digits
LOWER_DIGITS = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B64 = string.ascii_letters + string.digits + "+/"
B64URL = string.ascii_letters + string.digits + "-_"
BASE32 = string.ascii_uppercase + "234567"
BECH32_UPPER = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


def pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def digits(rng: random.Random, n: int, first_nonzero: bool = True) -> str:
    s = pick(rng, string.digits, n)
    if first_nonzero and s[0] == "0":
        s = rng.choice("123456789") + s[1:]
    return s


def b64url_nopad(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def rand_bytes(rng: random.Random, n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def uuid4(rng: random.Random) -> str:
    h = pick(rng, HEX, 32)
    h = h[:12] + "4" + h[13:16] + rng.choice("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


# --------------------------------------------------------------------------
# individual formats (each returns only the secret value)
# --------------------------------------------------------------------------


def stripe_sk_live_long(rng):
    # current Stripe live secret keys: sk_live_ + "51" + account part, 99 chars body
    return "sk_live_51" + pick(rng, ALNUM, 97)


def stripe_sk_live_24(rng):
    return "sk_live_" + pick(rng, ALNUM, 24)


def stripe_sk_live_34(rng):
    return "sk_live_" + pick(rng, ALNUM, 34)


def stripe_rk_live(rng):
    return "rk_live_51" + pick(rng, ALNUM, 97)


def stripe_pk_live(rng):
    return "pk_live_51" + pick(rng, ALNUM, 97)


def stripe_whsec(rng):
    return "whsec_" + pick(rng, ALNUM, 32)


def github_classic(rng, prefix="ghp_"):
    return prefix + pick(rng, ALNUM, 36)


def github_fine_grained(rng):
    return "github_pat_11" + pick(rng, UPPER_DIGITS, 20) + "_" + pick(rng, ALNUM, 59)


def gitlab_pat(rng):
    return "glpat-" + pick(rng, B64URL, 20)


def aws_access_key_id(rng):
    return "AKIA" + pick(rng, BASE32, 16)


def aws_secret_access_key(rng):
    return pick(rng, ALNUM + "/+", 40)


def google_api_key(rng):
    return "AIza" + pick(rng, B64URL, 35)


def google_oauth_client_secret(rng):
    return "GOCSPX-" + pick(rng, B64URL, 28)


def slack_bot(rng):
    return f"xoxb-{digits(rng, 12)}-{digits(rng, 13)}-{pick(rng, ALNUM, 24)}"


def slack_user(rng):
    return f"xoxp-{digits(rng, 12)}-{digits(rng, 12)}-{digits(rng, 13)}-{pick(rng, HEX, 32)}"


def slack_webhook_path(rng):
    return f"T{pick(rng, UPPER_DIGITS, 10)}/B{pick(rng, UPPER_DIGITS, 10)}/{pick(rng, ALNUM, 24)}"


def sendgrid(rng):
    return "SG." + pick(rng, B64URL, 22) + "." + pick(rng, B64URL, 43)


def mailgun(rng):
    return "key-" + pick(rng, HEX, 32)


def mailchimp(rng):
    return pick(rng, HEX, 32) + "-us" + str(rng.randint(1, 21))


def openai_project(rng):
    return "sk-proj-" + pick(rng, B64URL, 74) + "T3BlbkFJ" + pick(rng, B64URL, 74)


def openai_legacy(rng):
    return "sk-" + pick(rng, ALNUM, 20) + "T3BlbkFJ" + pick(rng, ALNUM, 20)


def anthropic(rng):
    return "sk-ant-api03-" + pick(rng, B64URL, 93) + "AA"


def huggingface(rng):
    return "hf_" + pick(rng, string.ascii_letters, 34)


def npm_token(rng):
    return "npm_" + pick(rng, ALNUM, 36)


def pypi_token(rng):
    # macaroon: fixed "pypi.org" location header, then base64url caveats
    return "pypi-AgEIcHlwaS5vcmcCJ" + b64url_nopad(rand_bytes(rng, 120))


def rubygems(rng):
    return "rubygems_" + pick(rng, HEX, 48)


def nuget(rng):
    return "oy2" + pick(rng, LOWER_DIGITS, 43)


def dockerhub(rng):
    return "dckr_pat_" + pick(rng, B64URL, 27)


def digitalocean(rng, prefix="dop_v1_"):
    return prefix + pick(rng, HEX, 64)


def heroku_v2(rng):
    return "HRKU-AA" + pick(rng, B64URL, 58)


def telegram(rng):
    return digits(rng, rng.choice([9, 10])) + ":AA" + pick(rng, B64URL, 33)


def discord_bot(rng):
    snowflake = str(rng.randint(10**17, 2 * 10**18))
    head = base64.b64encode(snowflake.encode()).decode().rstrip("=")
    return head + "." + pick(rng, B64URL, 6) + "." + pick(rng, B64URL, 38)


def jwt(rng, claims=None):
    header = b64url_nopad(b'{"alg":"HS256","typ":"JWT"}')
    claims = claims or {
        "sub": str(rng.randint(10**5, 10**7)),
        "name": "svc-" + pick(rng, string.ascii_lowercase, 6),
        "iat": rng.randint(1_690_000_000, 1_730_000_000),
        "exp": rng.randint(1_730_000_000, 1_790_000_000),
    }
    payload = b64url_nopad(json.dumps(claims, separators=(",", ":")).encode())
    sig = b64url_nopad(rand_bytes(rng, 32))
    return f"{header}.{payload}.{sig}"


def twilio_api_key(rng):
    return "SK" + pick(rng, HEX, 32)


def square_access(rng):
    return "sq0atp-" + pick(rng, B64URL, 22)


def square_prod_token(rng):
    return "EAAA" + pick(rng, B64URL, 60)


def shopify(rng, prefix="shpat_"):
    return prefix + pick(rng, HEX, 32)


def doppler(rng):
    return "dp.st.prd." + pick(rng, ALNUM, 40)


def braintree(rng):
    return "access_token$production$" + pick(rng, LOWER_DIGITS, 16) + "$" + pick(rng, HEX, 32)


def age_secret_key(rng):
    return "AGE-SECRET-KEY-1" + pick(rng, BECH32_UPPER, 58)


def linear(rng):
    return "lin_api_" + pick(rng, ALNUM, 40)


def azure_ad_client_secret(rng):
    return pick(rng, ALNUM, 3) + str(rng.randint(0, 9)) + "Q~" + pick(rng, ALNUM + "_~.-", 34)


def azure_storage_key(rng):
    return base64.b64encode(rand_bytes(rng, 64)).decode()


def atlassian(rng):
    return "ATATT3xFfGF0" + pick(rng, B64URL, 170) + "=" + pick(rng, HEX, 8).upper()


def databricks(rng):
    return "dapi" + pick(rng, HEX, 32)


def postman(rng):
    return "PMAK-" + pick(rng, HEX, 24) + "-" + pick(rng, HEX, 34)


def supabase(rng):
    return "sbp_" + pick(rng, HEX, 40)


def vault(rng):
    return "hvs.CAESI" + pick(rng, B64URL, 86)


def newrelic(rng):
    return "NRAK-" + pick(rng, UPPER_DIGITS, 27)


def grafana_sa(rng):
    return "glsa_" + pick(rng, ALNUM, 32) + "_" + pick(rng, HEX, 8)


def figma(rng):
    return "figd_" + pick(rng, B64URL, 40)


def airtable(rng):
    return "pat" + pick(rng, ALNUM, 14) + "." + pick(rng, HEX, 64)


def cloudflare_token(rng):
    return pick(rng, B64URL, 40)


def pulumi(rng):
    return "pul-" + pick(rng, HEX, 40)


def netlify(rng):
    return "nfp_" + pick(rng, ALNUM, 36)


def pem_block(rng, kind="RSA PRIVATE KEY", lines=25, der_prefix="MIIEpAIBAAKCAQEA"):
    body = der_prefix + pick(rng, B64, 64 * lines - len(der_prefix) - 28)
    chunks = [body[i : i + 64] for i in range(0, len(body), 64)]
    return f"-----BEGIN {kind}-----\n" + "\n".join(chunks) + f"\n-----END {kind}-----"


# --------------------------------------------------------------------------
# sentence templates
# --------------------------------------------------------------------------

TEMPLATES = [
    "{env}={v}",
    "export {env}={v}",
    'export {env}="{v}"',
    "Please remember the {what}: {v}",
    "The {what} for production is {v} - keep it safe.",
    '{{"{json}": "{v}", "region": "us-east-1"}}',
    "{json}: {v}",
    "I rotated the {what} this morning; the new one is {v}.",
    "Use {v} as the {what} when calling the API.",
    "config.{json} = '{v}'",
    "curl -H 'Authorization: Bearer {v}' https://api.example.com/v1/me",
    "Store this for later ({what}): {v}",
]


FORMATS = [
    # (name, generator, ENV_NAME, json_key, human description)
    ("stripe_secret_live_99", stripe_sk_live_long, "STRIPE_SECRET_KEY", "stripe_secret_key", "Stripe secret key"),
    ("stripe_secret_live_24", stripe_sk_live_24, "STRIPE_KEY", "stripe_key", "Stripe live key"),
    ("stripe_secret_live_34", stripe_sk_live_34, "STRIPE_API_KEY", "api_key", "Stripe API key"),
    ("stripe_restricted_live", stripe_rk_live, "STRIPE_RESTRICTED_KEY", "restricted_key", "Stripe restricted key"),
    ("stripe_publishable_live", stripe_pk_live, "STRIPE_PUBLISHABLE_KEY", "publishable_key", "Stripe publishable key"),
    ("stripe_webhook_secret", stripe_whsec, "STRIPE_WEBHOOK_SECRET", "webhook_secret", "Stripe webhook signing secret"),
    ("github_pat_classic", lambda r: github_classic(r, "ghp_"), "GITHUB_TOKEN", "github_token", "GitHub token"),
    ("github_oauth", lambda r: github_classic(r, "gho_"), "GH_OAUTH_TOKEN", "oauth_token", "GitHub OAuth token"),
    ("github_app_server", lambda r: github_classic(r, "ghs_"), "GH_APP_TOKEN", "token", "GitHub app token"),
    ("github_fine_grained", github_fine_grained, "GH_TOKEN", "gh_token", "fine-grained GitHub PAT"),
    ("gitlab_pat", gitlab_pat, "GITLAB_TOKEN", "private_token", "GitLab personal access token"),
    ("aws_access_key_id", aws_access_key_id, "AWS_ACCESS_KEY_ID", "aws_access_key_id", "AWS access key id"),
    (
        "aws_secret_access_key",
        aws_secret_access_key,
        "AWS_SECRET_ACCESS_KEY",
        "aws_secret_access_key",
        "AWS secret access key",
    ),
    ("google_api_key", google_api_key, "GOOGLE_API_KEY", "key", "Google Maps API key"),
    (
        "google_oauth_client_secret",
        google_oauth_client_secret,
        "GOOGLE_CLIENT_SECRET",
        "client_secret",
        "Google OAuth client secret",
    ),
    ("slack_bot", slack_bot, "SLACK_BOT_TOKEN", "bot_token", "Slack bot token"),
    ("slack_user", slack_user, "SLACK_USER_TOKEN", "user_token", "Slack user token"),
    ("sendgrid", sendgrid, "SENDGRID_API_KEY", "sendgrid_api_key", "SendGrid key"),
    ("mailgun", mailgun, "MAILGUN_API_KEY", "mailgun_key", "Mailgun API key"),
    ("mailchimp", mailchimp, "MAILCHIMP_API_KEY", "apikey", "Mailchimp API key"),
    ("openai_project", openai_project, "OPENAI_API_KEY", "openai_api_key", "OpenAI key"),
    ("openai_legacy", openai_legacy, "OPENAI_KEY", "openai_key", "old OpenAI key"),
    ("anthropic", anthropic, "ANTHROPIC_API_KEY", "anthropic_api_key", "Anthropic API key"),
    ("huggingface", huggingface, "HF_TOKEN", "hf_token", "Hugging Face token"),
    ("npm", npm_token, "NPM_TOKEN", "npm_token", "npm publish token"),
    ("pypi", pypi_token, "TWINE_PASSWORD", "pypi_token", "PyPI upload token"),
    ("rubygems", rubygems, "GEM_HOST_API_KEY", "rubygems_api_key", "RubyGems API key"),
    ("nuget", nuget, "NUGET_API_KEY", "nuget_key", "NuGet API key"),
    ("dockerhub", dockerhub, "DOCKERHUB_TOKEN", "docker_token", "Docker Hub access token"),
    ("digitalocean", digitalocean, "DIGITALOCEAN_TOKEN", "do_token", "DigitalOcean token"),
    ("heroku_v2", heroku_v2, "HEROKU_API_KEY", "heroku_api_key", "Heroku API key"),
    ("telegram_bot", telegram, "TELEGRAM_BOT_TOKEN", "bot_token", "Telegram bot token"),
    ("discord_bot", discord_bot, "DISCORD_TOKEN", "discord_token", "Discord bot token"),
    ("jwt", jwt, "AUTH_JWT", "access_token", "session JWT"),
    ("twilio_api_key", twilio_api_key, "TWILIO_API_KEY", "twilio_api_key", "Twilio API key"),
    ("square_access", square_access, "SQUARE_ACCESS_TOKEN", "square_token", "Square access token"),
    ("square_production", square_prod_token, "SQUARE_TOKEN", "access_token", "Square production token"),
    ("shopify_admin", shopify, "SHOPIFY_ACCESS_TOKEN", "shopify_token", "Shopify admin token"),
    ("doppler", doppler, "DOPPLER_TOKEN", "doppler_token", "Doppler service token"),
    ("braintree", braintree, "BRAINTREE_ACCESS_TOKEN", "braintree_token", "Braintree access token"),
    ("age_secret_key", age_secret_key, "SOPS_AGE_KEY", "age_key", "age secret key"),
    ("linear", linear, "LINEAR_API_KEY", "linear_key", "Linear API key"),
    ("azure_ad_client_secret", azure_ad_client_secret, "AZURE_CLIENT_SECRET", "clientSecret", "Azure AD client secret"),
    ("atlassian", atlassian, "JIRA_API_TOKEN", "jira_token", "Atlassian API token"),
    ("databricks", databricks, "DATABRICKS_TOKEN", "databricks_token", "Databricks token"),
    ("postman", postman, "POSTMAN_API_KEY", "postman_key", "Postman API key"),
    ("supabase", supabase, "SUPABASE_ACCESS_TOKEN", "supabase_token", "Supabase access token"),
    ("vault", vault, "VAULT_TOKEN", "vault_token", "Vault token"),
    ("newrelic", newrelic, "NEW_RELIC_API_KEY", "newrelic_key", "New Relic user key"),
    ("grafana", grafana_sa, "GRAFANA_TOKEN", "grafana_token", "Grafana service account token"),
    ("figma", figma, "FIGMA_TOKEN", "figma_token", "Figma token"),
    ("airtable", airtable, "AIRTABLE_TOKEN", "airtable_pat", "Airtable PAT"),
    ("cloudflare_api_token", cloudflare_token, "CLOUDFLARE_API_TOKEN", "cloudflare_api_token", "Cloudflare API token"),
    ("pulumi", pulumi, "PULUMI_ACCESS_TOKEN", "pulumi_token", "Pulumi access token"),
    ("netlify", netlify, "NETLIFY_AUTH_TOKEN", "netlify_token", "Netlify token"),
]


def _sentence(rng: random.Random, name: str, value: str, env: str, json_key: str, what: str) -> str:
    # formats whose bare value is only recognisable by context get an assignment
    if name in ("aws_secret_access_key", "cloudflare_api_token"):
        tpl = rng.choice(TEMPLATES[:3] + [TEMPLATES[5], TEMPLATES[6]])
    else:
        tpl = rng.choice(TEMPLATES)
    return tpl.format(env=env, json=json_key, what=what, v=value)


def generate(rng: random.Random) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for name, gen, env, json_key, what in FORMATS:
        value = gen(rng)
        out.append((name, value, _sentence(rng, name, value, env, json_key, what)))

    # fixed-shape sentences for formats that live inside larger structures
    path = slack_webhook_path(rng)
    out.append(("slack_webhook", path, f"Post alerts to https://hooks.slack.com/services/{path} please."))

    pw = pick(rng, ALNUM, 18)
    out.append(
        ("postgres_url_password", pw, f"DATABASE_URL=postgres://orders_app:{pw}@db-primary.internal:5432/orders")
    )

    pw = pick(rng, ALNUM, 24)
    out.append(
        (
            "mongodb_srv_password",
            pw,
            f"mongo uri is mongodb+srv://admin:{pw}@cluster0.{pick(rng, LOWER_DIGITS, 5)}.mongodb.net/app?retryWrites=true",
        )
    )

    acct_key = azure_storage_key(rng)
    out.append(
        (
            "azure_storage_account_key",
            acct_key,
            "DefaultEndpointsProtocol=https;AccountName=acmeprodlogs;"
            f"AccountKey={acct_key};EndpointSuffix=core.windows.net",
        )
    )

    heroku_uuid = uuid4(rng)
    out.append(("heroku_legacy_uuid", heroku_uuid, f"HEROKU_API_KEY={heroku_uuid}"))

    key = pem_block(rng)
    out.append(("rsa_private_key", key, f"deploy key for the CI box:\n{key}\n"))

    rng.shuffle(out)
    return out


if __name__ == "__main__":
    import sys

    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1234
    rows = generate(random.Random(seed))
    for name, value, sentence in rows:
        assert value in sentence, name
    print(f"{len(rows)} formats generated (seed={seed})")
    for name, value, sentence in rows[:8]:
        print(f"- {name:28s} len={len(value):4d}  {sentence if len(sentence) < 160 else sentence[:157] + '...'}")
