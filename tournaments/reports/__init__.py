"""Printable reports (pairings, result slips, standings, the event report), built by Celery.

registry: the report kinds; kinds: the event reports; render: HTML, PDF and CSV;
services: requests and builds; views/api: the organiser and judge pages and the API.
"""
