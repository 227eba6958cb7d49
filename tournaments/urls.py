from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("<slug:slug>/", views.event_detail, name="event"),
    path("<slug:slug>/bracket/", views.bracket, name="bracket"),
    path("<slug:slug>/matches/<int:match_id>/report/", views.match_report, name="match-report"),
]
