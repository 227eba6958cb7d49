from django.apps import AppConfig


class JudgingConfig(AppConfig):
    name = "judging"
    verbose_name = "Judging"

    def ready(self):
        # The reports (tournaments) know nothing of judging: the console registers its ruling
        # report kind and the event report's penalties here.
        from judging import reports
        from tournaments.reports.sections import register_penalty_provider

        register_penalty_provider(reports.penalty_lines)
