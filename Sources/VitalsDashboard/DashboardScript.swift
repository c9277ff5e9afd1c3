/// The dashboard's one script, served as `/assets/dashboard.js`: a chart mark's value in a tooltip, and live pages.
///
/// Progressive: every page works fully without it, since each mark keeps its `<title>` (screen
/// readers and the browser's own hover text read it). With it, pointing at a mark or focusing it
/// shows its title (and `data-value`) in a tooltip. Each chart is one Tab stop (its first mark);
/// the arrow keys, Home and End move between its marks and Escape hides the tooltip. It is an
/// external file with no inline script, so a Content-Security-Policy of `script-src 'self'` allows it.
/// A page of a day (`main[data-live-url]`) polls the change count and swaps in the page's new
/// content when it moved (``ChangeCounter``); a hidden tab does not poll.
enum DashboardScript {
    static let javaScript = """
        (function () {
          "use strict";
          var tip = document.createElement("div");
          tip.className = "chart-tooltip";
          tip.id = "chart-tooltip";
          tip.setAttribute("role", "status");
          tip.hidden = true;
          document.body.appendChild(tip);

          function titleOf(node) {
            for (var child = node.firstElementChild; child; child = child.nextElementSibling) {
              if (child.tagName.toLowerCase() === "title") return child.textContent;
            }
            return null;
          }
          function isMark(node) {
            return node && node.nodeType === 1 && node.tagName.toLowerCase() !== "svg" &&
              node.ownerSVGElement && titleOf(node) !== null;
          }
          function markOf(node) {
            for (; node && node.nodeType === 1; node = node.parentNode) {
              if (node.tagName.toLowerCase() === "svg") return null;
              if (isMark(node)) return node;
            }
            return null;
          }
          function show(mark, x, y) {
            tip.textContent = titleOf(mark);
            var value = mark.getAttribute("data-value");
            if (value === null) tip.removeAttribute("data-value"); else tip.setAttribute("data-value", value);
            tip.hidden = false;
            var box = tip.getBoundingClientRect();
            var width = document.documentElement.clientWidth;
            var left = Math.max(4, Math.min(x - box.width / 2, width - box.width - 4));
            var top = y - box.height - 10;
            if (top < 4) top = y + 18;
            tip.style.left = (left + window.scrollX) + "px";
            tip.style.top = (top + window.scrollY) + "px";
          }
          function hide() { tip.hidden = true; }
          function showAtMark(mark) {
            var box = mark.getBoundingClientRect();
            show(mark, box.left + box.width / 2, box.top);
          }

          document.addEventListener("pointerover", function (event) {
            var mark = markOf(event.target);
            if (mark) show(mark, event.clientX, event.clientY);
          });
          document.addEventListener("pointermove", function (event) {
            var mark = markOf(event.target);
            if (mark && !tip.hidden) show(mark, event.clientX, event.clientY);
          });
          document.addEventListener("pointerout", function (event) {
            var mark = markOf(event.target);
            if (mark && !(event.relatedTarget && mark.contains(event.relatedTarget))) hide();
          });
          document.addEventListener("focusin", function (event) {
            var mark = markOf(event.target);
            if (mark) showAtMark(mark); else hide();
          });
          document.addEventListener("focusout", function (event) {
            if (!event.relatedTarget || !markOf(event.relatedTarget)) hide();
          });
          document.addEventListener("keydown", function (event) {
            if (event.key === "Escape") hide();
          });

          function bindCharts() {
          Array.prototype.forEach.call(document.querySelectorAll("main svg"), function (svg) {
            var marks = Array.prototype.filter.call(svg.querySelectorAll("*"), isMark);
            if (marks.length === 0) return;
            marks.forEach(function (mark, index) { mark.setAttribute("tabindex", index === 0 ? "0" : "-1"); });
            svg.addEventListener("keydown", function (event) {
              var index = marks.indexOf(event.target);
              if (index < 0) return;
              var next = index;
              if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(marks.length - 1, index + 1);
              else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, index - 1);
              else if (event.key === "Home") next = 0;
              else if (event.key === "End") next = marks.length - 1;
              else return;
              event.preventDefault();
              marks[index].setAttribute("tabindex", "-1");
              marks[next].setAttribute("tabindex", "0");
              marks[next].focus();
            });
          });
          }
          bindCharts();

          // Live pages: poll the change count; when it moved, fetch the page again and swap its main in place.
          var main = document.querySelector("main[data-live-url]");
          if (main) {
            var count = main.getAttribute("data-live-count");
            var interval = parseInt(main.getAttribute("data-live-interval"), 10) || 5000;
            var busy = false;
            var poll = function () {
              if (busy || document.hidden) return;
              busy = true;
              fetch(main.getAttribute("data-live-url"), { credentials: "same-origin", cache: "no-store" })
                .then(function (answer) { return answer.ok ? answer.json() : null; })
                .then(function (changes) {
                  if (!changes || String(changes.count) === count) return null;
                  return fetch(location.href, { credentials: "same-origin", cache: "no-store" })
                    .then(function (answer) { return answer.ok ? answer.text() : null; })
                    .then(function (html) {
                      var fresh = html && new DOMParser().parseFromString(html, "text/html").querySelector("main[data-live-url]");
                      if (!fresh) return;
                      hide();
                      main.innerHTML = fresh.innerHTML;
                      count = fresh.getAttribute("data-live-count");
                      main.setAttribute("data-live-count", count);
                      main.setAttribute("data-live-updated", String(Date.now()));
                      bindCharts();
                    });
                })
                .catch(function () {})
                .then(function () { busy = false; });
            };
            setInterval(poll, interval);
            document.addEventListener("visibilitychange", poll);
          }
        })();

        """
}
