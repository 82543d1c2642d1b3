// The learner's time zone, sent with every answer as a cookie, so days (the day streak, the
// daily goal, reviews due) are counted where the learner lives. Only pages that show a
// learner's own progress load this script: anonymous visitors get no cookie from it.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) {
    return;
  }
  if (document.cookie.split("; ").indexOf("tz=" + zone) === -1) {
    var secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = "tz=" + zone + "; path=/; max-age=34560000; SameSite=Lax" + secure;
  }
})();
