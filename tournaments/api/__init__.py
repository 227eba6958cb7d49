"""The REST API for events: thin views over tournaments.services (writes) and selectors
(reads), the same code paths as the pages. Routes are registered in config/api.py."""
