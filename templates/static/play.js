// Improves pages that work without it: a countdown after each deadline, the new-game form
// showing the chosen game's fields alone, and a turn builder that writes lines into the text
// box without a round trip. The deadline itself stays as the server wrote it, in the time
// zone the reader chose; the countdown's words come from the page (`data-countdown`,
// `data-countdown-days`: %d, %h, %m, %s where the numbers go).
(function () {
  function tick() {
    document.querySelectorAll('time[data-deadline]').forEach(function (el) {
      var at = Number(el.getAttribute('data-deadline')) * 1000;
      if (!at) return;
      if (el.dataset.at === undefined) el.dataset.at = el.textContent;
      var left = Math.max(0, Math.floor((at - Date.now()) / 1000));
      var n = { d: Math.floor(left / 86400), h: Math.floor(left % 86400 / 3600), m: Math.floor(left % 3600 / 60), s: left % 60 };
      var shape = (n.d ? el.dataset.countdownDays : el.dataset.countdown) || '%h h %m min %s s';
      var count = shape.replace(/%([dhms])/g, function (_, k) { return n[k]; });
      el.textContent = el.dataset.at + ' (' + count + ')';
    });
  }
  tick();
  setInterval(tick, 1000);

  // The new-game form: only the chosen game's own fields show, and only they are sent.
  // Without the script every game's fields show, and the server reads the chosen game's alone.
  var ruleset = document.getElementById('ruleset');
  if (ruleset) {
    var showRules = function () {
      document.querySelectorAll('[data-ruleset]').forEach(function (part) {
        var other = part.dataset.ruleset !== ruleset.value;
        part.hidden = other;
        part.querySelectorAll('input, select, textarea').forEach(function (field) {
          field.disabled = other;
        });
      });
    };
    ruleset.addEventListener('change', showRules);
    showRules();
  }

  var form = document.getElementById('turn-form');
  if (!form) return;
  var text = form.querySelector('#text');
  var status = document.createElement('p');
  status.className = 'notice';
  status.setAttribute('role', 'status');
  status.id = 'builder-status';
  status.hidden = true;
  form.insertBefore(status, form.querySelector('.builders'));
  var eyes = Number((form.querySelector('[data-eyes]') || {}).textContent || 0);

  // Sentences and line shapes in the page's language, with {name} where a value goes.
  function fill(shape, values) {
    return shape.replace(/\{(\w+)\}/g, function (_, k) { return k in values ? values[k] : ''; });
  }
  function words(select) {
    var o = select.options[select.selectedIndex];
    return o ? (o.getAttribute('data-words') || o.value) : '';
  }

  function say(message) {
    status.textContent = message;
    status.hidden = false;
  }

  // Bids already written: the number in brackets before the colon of each question line.
  function bidTotal() {
    var total = 0;
    text.value.split('\n').forEach(function (line) {
      var m = /^\s*\d*\s*\(\s*(\d+)\s*\)\s*:/.exec(line);
      if (m) total += Number(m[1]);
    });
    return total;
  }

  function showBids() {
    var total = bidTotal(), left = Math.max(0, eyes - total);
    var t = form.querySelector('[data-bid-total]'), l = form.querySelector('[data-bid-left]');
    if (t) t.textContent = total;
    if (l) l.textContent = left;
    var bid = form.querySelector('#q_bid');
    if (bid) bid.max = left;
    return left;
  }

  function append(line) {
    var t = text.value.replace(/\s+$/, '');
    text.value = t ? t + '\n' + line : line;
    showBids();
    say(fill(form.dataset.added, { line: line }));
  }

  form.addEventListener('click', function (e) {
    var button = e.target.closest('button[name=action]');
    if (!button) return;
    if (button.value === 'add_guess') {
      e.preventDefault();
      var placeSelect = form.querySelector('#g_place');
      var cardSelect = form.querySelector('#g_card');
      if (!cardSelect.value) { say(form.dataset.noCard); return; }
      var card = words(cardSelect);
      append(placeSelect.value === 'safe'
        ? fill(form.dataset.safeLine, { card: card })
        : fill(form.dataset.guessLine, { place: words(placeSelect), card: card }));
      // Each card may be guessed once: take it out of the choices.
      cardSelect.remove(cardSelect.selectedIndex);
    } else if (button.value === 'add_question') {
      e.preventDefault();
      var bid = form.querySelector('#q_bid').value.trim() || '0';
      if (!/^\d+$/.test(bid)) { say(fill(form.dataset.badBid, { bid: bid })); return; }
      var left = showBids();
      if (Number(bid) > left) {
        say(fill(form.dataset.overBudget, { eyes: eyes, bids: bidTotal(), left: left }));
        return;
      }
      append(fill(form.dataset.questionLine, {
        bid: Number(bid), target: form.querySelector('#q_target').value,
        traits: words(form.querySelector('#q_traits'))
      }));
    }
  });
  text.addEventListener('input', showBids);
})();
