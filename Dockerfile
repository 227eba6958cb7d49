# Production image: gunicorn for web, the same image runs the Celery worker.
FROM python:3.12-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 VAR_DIR=/app/var
# Pango for WeasyPrint (PDF reports), poppler for PDF previews, DejaVu fonts for both.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core poppler-utils \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY config config
COPY rules rules
COPY tournaments tournaments
COPY judging judging
COPY templates templates
COPY static static
COPY manage.py ./
RUN pip install . && mkdir -p var \
 && SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

RUN useradd --create-home --uid 1000 app && chown -R app /app/var
USER app
EXPOSE 8000
CMD ["gunicorn", "-c", "python:config.gunicorn", "config.wsgi:application"]
