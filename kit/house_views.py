"""House rules: the form that makes a set (limited per address, like the site's other writes)
and the page of a set at its short address."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from core.http import HtmxHttpRequest, bad_request
from core.rulebooks import HOUSE_PREFIX
from kit.forms import HouseRulesForm, house_initial
from kit.house import house_profile_find, house_rules_create
from kit.house_presenters import house_context, house_form_context
from kit.models import HouseRules
from learners.limits import tally_add
from rules.engine import PROFILES

__all__ = ["HOUSE_LIMIT", "HOUSE_WINDOW", "house_detail", "house_new"]

#: At most this many sets of house rules from one address in a window of this many seconds.
HOUSE_LIMIT = 20
HOUSE_WINDOW = 3600


@require_http_methods(["GET", "POST"])
def house_new(request: HtmxHttpRequest) -> HttpResponse:
    """The form (GET, started from ``?base=``), and a set made from it (POST, then its page)."""
    status = 200
    base = request.POST.get("base", "")
    # Another rulebook's answers: "fill" is the form's first button, so Enter in a field sends
    # it too; with the rulebook the form was filled from, that is the form sent.
    if request.POST.get("fill") and base != request.POST.get("filled"):
        if base not in PROFILES:
            return bad_request(request, gettext("Choose one of the rulebooks in the list."))
        return HttpResponseRedirect(f"{reverse('kit:house-new')}?{urlencode({'base': base})}")
    if request.method == "POST":
        form = HouseRulesForm(request.POST)
        if form.is_valid():
            if tally_add("house-rules", request, seconds=HOUSE_WINDOW) > HOUSE_LIMIT:
                message = gettext(
                    "Too many house rules were made from your connection in the last hour. "
                    "Please wait a while, or use a set already made."
                )
                return bad_request(request, message, status=429)
            rules = house_rules_create(values=form.values())
            return HttpResponseRedirect(reverse("kit:house", kwargs={"code": rules.code}))
        status = 422 if form.errors else 400
    else:
        base = request.GET.get("base", "")
        if base and base not in PROFILES:
            return bad_request(request, gettext("Choose one of the rulebooks in the list."))
        form = HouseRulesForm(initial=house_initial(base))
    return render(request, "kit/house_form.html", house_form_context(form), status=status)


@require_GET
def house_detail(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The house rules ``code`` names, or a 404 that says so in the reader's language."""
    if code != code.upper() and house_profile_find(HOUSE_PREFIX + code.upper()):
        return HttpResponsePermanentRedirect(reverse("kit:house", args=[code.upper()]))
    profile = house_profile_find(HOUSE_PREFIX + code)
    if profile is None:
        message = gettext("There are no house rules with the code “%(value)s”.") % {
            "value": code[:12]
        }
        return bad_request(request, message, status=404)
    base = HouseRules.objects.values_list("base", flat=True).get(code=code)
    return render(request, "kit/house_detail.html", house_context(profile, base=base, code=code))
