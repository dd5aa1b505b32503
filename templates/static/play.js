// Shows deadlines in the reader's own time with a countdown; without it, pages show the game's time.
(function () {
  function tick() {
    document.querySelectorAll('time[data-deadline]').forEach(function (el) {
      var at = Number(el.getAttribute('data-deadline')) * 1000;
      if (!at) return;
      var left = Math.max(0, Math.floor((at - Date.now()) / 1000));
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
      var count = (d ? d + 'd ' : '') + h + 'h ' + m + 'm ' + s + 's left';
      el.textContent = new Date(at).toLocaleString() + ' (' + count + ')';
    });
  }
  tick();
  setInterval(tick, 1000);
})();
