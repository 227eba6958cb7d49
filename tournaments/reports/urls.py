"""Report pages, included under an event's manage URLs (namespace `manage`)."""

from django.urls import path

from tournaments.reports import views

urlpatterns = [
    path("", views.report_list, name="reports"),
    path("request/", views.report_request, name="report-request"),
    path("status/", views.report_status, name="report-status"),
    path("<int:report_id>/download/", views.report_download, name="report-download"),
    path("preview/<slug:kind>/", views.report_preview, name="report-preview"),
]
