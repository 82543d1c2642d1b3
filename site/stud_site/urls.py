"""The site's URLs: every page lives under a language prefix (/sv/, /da/, /fi/, /en/)."""

from __future__ import annotations

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from core.urlwords import route
from embeds import views as embeds_views
from stud_site import views

urlpatterns = [
    path("", views.root_redirect, name="root"),
    path("robots.txt", views.robots_txt, name="robots-txt"),
    path("sitemap.xml", views.sitemap_index, name="sitemap"),
    path("sitemap-<slug:code>.xml", views.sitemap_language, name="sitemap-language"),
    path(settings.ADMIN_PATH, admin.site.urls),
    # oEmbed answers for pages in every language, so it has no language prefix.
    path("oembed/", embeds_views.oembed, name="oembed"),
]

# The apps choose their own paths (rules: the rule pages; practice: practice/...;
# learn: learn/...).
urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path(route("preferences/card-colours/"), views.card_colours, name="card-colours"),
    path("", include("rules.urls")),
    path("", include("practice.urls")),
    path("", include("tutorials.urls")),
    path("", include("embeds.urls")),
    path("", include("search.urls")),
    path("", include("previews.urls")),
    path("", include("learners.urls")),
    path("", include("table.urls")),
    path("", include("kit.urls")),
    prefix_default_language=True,
)

handler400 = "stud_site.views.error_400"
handler403 = "stud_site.views.permission_denied"
handler404 = "stud_site.views.page_not_found"
handler500 = "stud_site.views.server_error"
