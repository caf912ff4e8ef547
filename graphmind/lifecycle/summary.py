"""Summaries of a cluster of episodes: extractive by default, an LLM when configured.

The extractive summariser is deterministic: it keeps the `summary_sentences`
sentences closest to the cluster's centroid, in the order they happened, and
joins them. The optional LLM summariser posts to an OpenAI-compatible
`/chat/completions` endpoint (`summariser_url`); it is off unless configured,
and any failure falls back to the extractive summary.
"""

import logging
import re

import httpx
import numpy as np

from graphmind.core.limits import CONTENT_MAX
from graphmind.settings import Settings

log = logging.getLogger("graphmind.summary")
SENTENCE = re.compile(r"(?<=[.!?])\s+")
PROMPT = (
    "Summarise these events of one user as a single factual statement of at most "
    "two sentences. Use only what the events say.\n\n"
)


def extractive(texts: list[str], vectors: np.ndarray, sentences: int) -> str:
    """The sentences nearest the centroid (ties: the earlier), kept in original order."""
    pieces, owners = [], []
    for i, text in enumerate(texts):
        for sentence in SENTENCE.split(text.strip()):
            if sentence:
                pieces.append(sentence.rstrip(".!? ") + ".")
                owners.append(i)
    centroid = vectors.sum(axis=0)
    scores = [float(vectors[o] @ centroid) for o in owners]
    ranked = sorted(range(len(pieces)), key=lambda k: (-scores[k], k))[:sentences]
    chosen, seen = [], set()
    for k in sorted(ranked):
        if pieces[k].lower() not in seen:
            seen.add(pieces[k].lower())
            chosen.append(pieces[k])
    return " ".join(chosen)[:CONTENT_MAX]


async def summarise(settings: Settings, texts: list[str], vectors: np.ndarray) -> tuple[str, str]:
    """(summary, how): "llm" when the configured LLM answered, else "extractive"."""
    fallback = extractive(texts, vectors, settings.summary_sentences)
    if not settings.summariser_url:
        return fallback, "extractive"
    headers = {"Authorization": f"Bearer {settings.summariser_api_key}"} if settings.summariser_api_key else {}
    body = {
        "model": settings.summariser_model,
        "temperature": 0,
        "messages": [{"role": "user", "content": PROMPT + "\n".join(f"- {t}" for t in texts)}],
    }
    try:
        async with httpx.AsyncClient(timeout=30) as client:
            response = await client.post(
                f"{settings.summariser_url.rstrip('/')}/chat/completions", json=body, headers=headers
            )
            response.raise_for_status()
            text = response.json()["choices"][0]["message"]["content"].strip()
    except (httpx.HTTPError, KeyError, IndexError, ValueError) as e:
        log.warning("LLM summariser failed (%s); using the extractive summary", e)
        return fallback, "extractive"
    return (text[:CONTENT_MAX], "llm") if len(text) >= 10 else (fallback, "extractive")
