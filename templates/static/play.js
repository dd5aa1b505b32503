// Improves pages that work without it: deadlines in the reader's own time with a countdown,
// and a turn builder that writes lines into the text box without a round trip.
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
    say('Added "' + line + '". Send your turn when it is complete.');
  }

  form.addEventListener('click', function (e) {
    var button = e.target.closest('button[name=action]');
    if (!button) return;
    if (button.value === 'add_guess') {
      e.preventDefault();
      var place = form.querySelector('#g_place').value;
      var cardSelect = form.querySelector('#g_card');
      var card = cardSelect.value;
      if (!card) { say('There is no card left to guess.'); return; }
      append(place === 'safe' ? card + ' is in the safe' : place + ' has ' + card);
      // Each card may be guessed once: take it out of the choices.
      cardSelect.remove(cardSelect.selectedIndex);
    } else if (button.value === 'add_question') {
      e.preventDefault();
      var bid = form.querySelector('#q_bid').value.trim() || '0';
      if (!/^\d+$/.test(bid)) { say('The bid must be a whole number of Private Eyes, 0 or more.'); return; }
      var left = showBids();
      if (Number(bid) > left) {
        say('You have ' + eyes + ' Private Eyes and this turn already bids ' + bidTotal() + ': bid at most ' + left + '.');
        return;
      }
      append('(' + Number(bid) + '): ' + form.querySelector('#q_target').value + ' has how many ' + form.querySelector('#q_traits').value + '?');
    }
  });
  text.addEventListener('input', showBids);
})();
