"""The objects schemathesis' generated requests also name by their path parameter, so that a
request reaches a real event, round, match... and not only a 404. Shared by the in-process
fuzzer and the live-server run (which calls existing_values in the server's own database,
through `manage.py shell`)."""

import schemathesis
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st


def existing_values() -> dict[str, list]:
    """Path parameter values that name real objects, by the API resource they belong to."""
    from judging.models import Branch, Dispute, Ruling
    from rules.models import Card, CardSet, Format
    from tournaments.models import Event, Match, Registration, Round
    from tournaments.reports.models import Report

    return {
        "cards": list(Card.objects.values_list("key", flat=True)[:5]),
        "sets": list(CardSet.objects.values_list("code", flat=True)[:3]),
        "formats": list(Format.objects.values_list("code", flat=True)[:3]),
        "events": list(Event.objects.values_list("slug", flat=True)),
        "registrations": list(Registration.objects.values_list("pk", flat=True)[:6]),
        "rounds": list(Round.objects.values_list("pk", flat=True)),
        "matches": list(Match.objects.values_list("pk", flat=True)[:6]),
        "reports": list(Report.objects.values_list("pk", flat=True)),
        "disputes": list(Dispute.objects.values_list("pk", flat=True)),
        "branches": list(Branch.objects.values_list("pk", flat=True)),
        "rulings": list(Ruling.objects.values_list("pk", flat=True)),
    }


def case_strategy(operation, mode, existing: dict):
    """Generated cases, and the same with the path parameter naming each existing object of
    the operation's resource (a resource not listed, e.g. a new route, gets generated values
    only)."""
    strategies = [operation.as_strategy(generation_mode=mode)]
    names = [p.name for p in operation.path_parameters]
    resource = operation.path.strip("/").split("/")[1]
    if len(names) == 1:
        for value in existing.get(resource, []):
            strategies.append(
                operation.as_strategy(generation_mode=mode, path_parameters={names[0]: value})
            )
    return st.one_of(strategies)


def generated_cases(operation, existing: dict):
    """Valid and invalid requests for the operation (case_strategy in both modes)."""
    modes = [schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]
    return st.one_of([case_strategy(operation, mode, existing) for mode in modes])


def fuzzing(examples: int):
    """The same requests every run (derandomized), a fixed number per operation, no deadline
    (the machine is shared) and no health check (the strategies are the schema's)."""
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
