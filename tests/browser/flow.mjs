// End-to-end: a game run through the pages in real headless Chromium, once with JavaScript
// and once without. Usage: node flow.mjs BASE_URL SCREENSHOT_DIR OUTBOX_DIR
// (a player's link reaches only that player, by mail: the flow reads it from the outbox).
// Exits non-zero on the first failed check, naming it.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2];
const shots = process.argv[3] || 'screenshots';
const outbox = process.argv[4];
assert.ok(base && outbox, 'usage: node flow.mjs BASE_URL SCREENSHOT_DIR OUTBOX_DIR');

// A mail's text as its reader sees it: a base64 body decoded, quoted-printable undone.
function decoded(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  let body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => `%${h}`);
    try { body = decodeURIComponent(bytes); } catch { body = bytes; }
  }
  return `${head}\n\n${body}`;
}

// A link from the first mail in the outbox that holds every one of `marks`, as the first
// group of `pattern` finds it.
async function linkByMail(marks, pattern) {
  for (let tries = 0; tries < 300; tries += 1) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const mail = decoded(readFileSync(join(outbox, file), 'utf8'));
      if (!marks.every((m) => mail.includes(m))) continue;
      const at = mail.match(pattern);
      if (at) return at[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail holding ${marks.join(', ')}`);
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

async function browser(js, viewport = { width: 1280, height: 800 }) {
  const profile = mkdtempSync(join(tmpdir(), 'polysleuth-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
    javaScriptEnabled: js,
    viewport,
  });
  const close = async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); };
  return { context, close };
}

// One classic game for every flow's phone check (made once: game creation is rate-limited).
let classicMade = null;
async function classicGame() {
  if (!classicMade) {
    const classic = await (await fetch(`${base}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Phone classic', gm_email: 'gm@example.org', ruleset: 'sleuth',
        players: ['Ann', 'Ben', 'Cleo', 'Dan'].map((n) => `${n} <${n.toLowerCase()}@example.org>`),
      }),
    })).json();
    const classicGm = await linkByMail([`[Sleuth game ${classic.id}]`, '/gm/'], /(http\S+\/gm\/\S+)/);
    classicMade = { classic, classicGm };
  }
  return classicMade;
}

// What a classic page says, in each language the classic flow plays in.
const CLASSIC = {
  en: {
    welcome: (id) => `(game ${id}), a game of classic Sleuth`,
    hello: (name) => `Hello ${name},`,
    privatePage: /Your private page[^\n]*\n\s*(http\S+)/,
    now: /Turn 1: Ann is playing\./,
    yourTurn: /Your turn: ask a question/,
    asked: /Ann asked Ben/,
    cleoWaits: /Ben is playing; you are next\./,
    rules: 'Classic Sleuth: the rules',
  },
  fr: {
    welcome: (id) => `(partie ${id}), une partie de Sleuth`,
    hello: (name) => `Bonjour ${name},`,
    privatePage: /Votre page priv[^\n]*\n\s*(http\S+)/,
    now: /Tour 1 : Ann joue\./,
    yourTurn: /À vous : posez une question/,
    asked: /Ann a demandé à Ben/,
    cleoWaits: /Ben joue ; vous êtes le suivant\./,
    rules: 'Sleuth classique : les règles',
  },
};

// Each flow that makes games through the API is a client of its own (the service trusts the
// test's proxy header), so the flows together stay under the per-client limit on new games.
let clients = 0;
function asClient() {
  clients += 1;
  return { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${clients}.1` };
}

// No page is wider than a phone's screen.
async function fitsPhone(context, url, what) {
  const small = await context.newPage();
  await small.setViewportSize({ width: 390, height: 844 });
  await small.goto(url);
  const wide = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${what} is ${wide}px too wide for a phone`);
  return small;
}

// A four-player classic game on the pages: the header says whose turn it is and what each
// player can do; a question's banner tells what it did; an accusation waits for its box; the
// rules are a click away; every page fits a phone.
async function runClassic(js, lang) {
  const c = CLASSIC[lang];
  const mode = `classic-${js ? 'with-js' : 'without-js'}-${lang}`;
  const dir = join(shots, mode);
  step = 0;
  const made = await (await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: asClient(),
    body: JSON.stringify({
      name: `Classic ${mode}`, gm_email: 'gm@example.org', ruleset: 'sleuth', language: lang,
      players: ['Ann', 'Ben', 'Cleo', 'Dan'].map((n) => `${n} <${n.toLowerCase()}@example.org>`),
    }),
  })).json();
  assert.ok(made.id, `the classic game is made: ${JSON.stringify(made)}`);
  // It waits for its game master, who starts it from the link mailed to them.
  const gmLink = await linkByMail([c.welcome(made.id), '/gm/'], /(http\S+\/gm\/\S+)/);
  const started = await fetch(`${gmLink.replace('/gm/', '/api/gm/')}/actions`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'start' }),
  });
  assert.equal(started.status, 200, `the game master starts the game: ${await started.text()}`);
  const link = async (name) => linkByMail([c.welcome(made.id), c.hello(name)], c.privatePage);
  const [annLink, cleoLink] = [await link('Ann'), await link('Cleo')];
  const { context, close } = await browser(js);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));

  // Ann's page opens on the frame: who, which game, whose turn until when, what she can do.
  await page.goto(annLink);
  assert.match(page.url(), /\/classic\/play\//, 'a classic seat\'s link leads to its page');
  assert.equal(await page.getAttribute('html', 'lang'), lang);
  assert.match(await text(page, '#table-head h1'), /^Ann/);
  assert.match(await text(page, '#now'), c.now);
  assert.match(await text(page, '#can'), c.yourTurn);
  for (const sel of ['#table-head', '#can', 'ul.hand']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box && box.y + box.height <= 800, `${sel} is above the fold`);
  }
  await checkLabels(page, 'classic player page');
  await checkContrast(page, 'classic player page');
  await shot(page, dir, 'classic-header');

  // She asks Ben the first question her Search cards allow: the banner tells what it did.
  await page.selectOption('#q_target', 'Ben');
  await Promise.all([page.waitForNavigation(), page.click('#ask-form button[type=submit]')]);
  assert.equal(await page.locator('#banner.done[role=status]').count(), 1, 'a success banner');
  assert.match(await text(page, '#banner'), c.asked);
  await checkContrast(page, 'classic banner');
  await shot(page, dir, 'classic-banner');

  // Cleo waits for Ben, and is told so. Her accusation starts on no card and waits for its box.
  await page.goto(cleoLink);
  assert.match(await text(page, '#can'), c.cleoWaits);
  assert.equal(await page.inputValue('#accused'), '', 'the accusation starts on no card');
  const sure = page.locator('#accuse-form input[name=confirm]');
  assert.ok(await sure.evaluate((el) => el.required), 'an accusation asks to be confirmed');
  const real = (await page.locator('#accused option').evaluateAll((os) => os.map((o) => o.value)))[1];
  await page.selectOption('#accused', real);
  await page.click('#accuse-form button[type=submit]');
  assert.equal(await page.locator('#banner').count(), 0, 'nothing was sent without the box');
  assert.match(page.url(), /\/classic\/play\//);
  await shot(page, dir, 'classic-accuse-confirm');

  // The rules of the game, in the reader's language, are a click away.
  await Promise.all([page.waitForNavigation(), page.click('#rules-link')]);
  assert.equal(await text(page, '#rules h1'), c.rules);
  assert.equal(await page.getAttribute('html', 'lang'), lang);
  await checkContrast(page, 'rules page');
  await shot(page, dir, 'classic-rules');

  // Every page of the game fits a phone.
  for (const [url, what] of [[annLink, 'the classic player page'], [page.url(), 'the rules page'],
    [made.public_page, 'the classic table']]) {
    const small = await fitsPhone(context, url, what);
    await shot(small, dir, `phone-${what.split(' ').pop()}`);
    await small.close();
  }
  assert.deepEqual(problems, [], 'no script errors');
  await close();
  console.log(`ok: the classic flow ${mode}`);
}

// What a Clue page says, in each language the Clue flow plays in.
const CLUE = {
  en: {
    welcome: (id) => `(game ${id}), a game of Clue`,
    hello: (name) => `Hello ${name},`,
    privatePage: /Your private page[^\n]*\n\s*(http\S+)/,
    now: (name) => new RegExp(`Turn 1: ${name} is playing\\.`),
    yourMove: /Your turn: move toward a room/,
    chance: /squares, \d+% to reach it on this roll/,
    rolled: /rolled \d and \d/,
    rules: 'Clue: the rules',
  },
  fr: {
    welcome: (id) => `(partie ${id}), une partie de Clue`,
    hello: (name) => `Bonjour ${name},`,
    privatePage: /Votre page priv[^\n]*\n\s*(http\S+)/,
    now: (name) => new RegExp(`Tour 1 : ${name} joue\\.`),
    yourMove: /À vous : avancez vers une pièce/,
    chance: /cases, \d+ % de chances de l’atteindre à ce lancer/,
    rolled: /a fait \d et \d/,
    rules: 'Clue : les règles',
  },
};

// A three-player game of Clue on the pages: the first player's header and builder (each room
// with its chance on this roll), a move whose banner tells the roll, the board drawn as SVG
// on the public table, the rules a click away, every page fitting a phone.
async function runClue(js, lang) {
  const c = CLUE[lang];
  const mode = `clue-${js ? 'with-js' : 'without-js'}-${lang}`;
  const dir = join(shots, mode);
  step = 0;
  const names = ['Ann', 'Ben', 'Cleo'];
  const made = await (await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: asClient(),
    body: JSON.stringify({
      name: `Clue ${mode}`, gm_email: 'gm@example.org', ruleset: 'clue', language: lang,
      players: names.map((n) => `${n} <${n.toLowerCase()}@example.org>`),
    }),
  })).json();
  assert.ok(made.id, `the Clue game is made: ${JSON.stringify(made)}`);
  const gmLink = await linkByMail([c.welcome(made.id), '/gm/'], /(http\S+\/gm\/\S+)/);
  const started = await fetch(`${gmLink.replace('/gm/', '/api/gm/')}/actions`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'start' }),
  });
  assert.equal(started.status, 200, `the game master starts the game: ${await started.text()}`);
  const table = await (await fetch(`${base}/api/clue/games/${made.id}`)).json();
  const first = names[table.turn];
  const link = await linkByMail([c.welcome(made.id), c.hello(first)], c.privatePage);
  const { context, close } = await browser(js);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));

  await page.goto(link);
  assert.match(page.url(), /\/clue\/play\//, 'a Clue seat\'s link leads to its page');
  assert.equal(await page.getAttribute('html', 'lang'), lang);
  assert.match(await text(page, '#now'), c.now(first));
  assert.match(await text(page, '#can'), c.yourMove);
  const rooms = await page.locator('#room option').allInnerTexts();
  assert.equal(rooms.length, 9, 'every room is offered from a start square');
  for (const r of rooms) assert.match(r, c.chance, `${r} says its chance`);
  await checkLabels(page, 'Clue player page');
  await checkContrast(page, 'Clue player page');
  await shot(page, dir, 'clue-header');
  await Promise.all([page.waitForNavigation(), page.click('#move-form button[type=submit]')]);
  assert.equal(await page.locator('#banner.done').count(), 1, 'a success banner');
  assert.match(await text(page, '#banner'), c.rolled);
  await shot(page, dir, 'clue-moved');

  // The public table draws the board, readable without colour: each guest by initial.
  await page.goto(made.public_page);
  assert.equal(await page.locator('.clue-board svg').count(), 1, 'the board is drawn');
  assert.ok((await page.locator('#pieces tr').count()) >= 12, 'every mover and weapon is listed');
  await shot(page, dir, 'clue-table');

  await page.goto(link);
  await Promise.all([page.waitForNavigation(), page.click('#rules-link')]);
  assert.equal(await text(page, '#rules h1'), c.rules);
  await shot(page, dir, 'clue-rules');

  for (const [url, what] of [[link, 'the Clue player page'], [made.public_page, 'the Clue table'],
    [page.url(), 'the Clue rules']]) {
    const small = await fitsPhone(context, url, what);
    await shot(small, dir, `phone-${what.split(' ').pop()}`);
    await small.close();
  }
  assert.deepEqual(problems, [], 'no script errors');
  await close();
  console.log(`ok: the Clue flow ${mode}`);
}

// What a Sherlock Solitaire page says, in each language its flow plays in.
const SHERLOCK = {
  en: {
    welcome: (id) => `(game ${id}), a game of Sherlock Solitaire`,
    privatePage: /Your private page[^\n]*\n\s*(http\S+)/,
    now: /Turn 1 of 6: Sherlock Holmes investigates/,
    rules: 'Sherlock Solitaire: the rules',
    daily: 'The daily case',
  },
  fr: {
    welcome: (id) => `(partie ${id}), une partie de Sherlock Solitaire`,
    privatePage: /Votre page priv[^\n]*\n\s*(http\S+)/,
    now: /Tour 1 sur 6 : Sherlock Holmes enquête/,
    rules: 'Sherlock Solitaire : les règles',
    daily: 'L’affaire du jour',
  },
};

// A game of Sherlock Solitaire on its page: the hand drawn as cards whose kind shows by shape
// as well as colour, each legal play a button; a play lined up, taken back, lined up again
// and sent; the public table; the rules and the daily case a click away; every page fitting a
// phone.
async function runSherlock(js, lang) {
  const c = SHERLOCK[lang];
  const mode = `sherlock-${js ? 'with-js' : 'without-js'}-${lang}`;
  const dir = join(shots, mode);
  step = 0;
  const made = await (await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: asClient(),
    body: JSON.stringify({
      name: `Sherlock ${mode}`, gm_email: 'gm@example.org', ruleset: 'sherlock', language: lang,
      players: ['Ann <ann@example.org>'],
    }),
  })).json();
  assert.ok(made.id, `the Sherlock game is made: ${JSON.stringify(made)}`);
  const gmLink = await linkByMail([c.welcome(made.id), '/gm/'], /(http\S+\/gm\/\S+)/);
  const started = await fetch(`${gmLink.replace('/gm/', '/api/gm/')}/actions`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'start' }),
  });
  assert.equal(started.status, 200, `the game master starts the game: ${await started.text()}`);
  const link = await linkByMail([c.welcome(made.id), c.privatePage.source.slice(0, 9)], c.privatePage);
  const { context, close } = await browser(js);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));

  await page.goto(link);
  assert.match(page.url(), /\/sherlock\/play\//, 'a Sherlock seat\'s link leads to its page');
  assert.equal(await page.getAttribute('html', 'lang'), lang);
  assert.match(await text(page, '#now'), c.now);
  assert.equal(await page.locator('#hand > li').count(), 4, 'four cards drawn');
  // Investigation and Threat cards differ by their border's shape, not by colour alone.
  const styles = await page.locator('#hand .card').evaluateAll((cards) => cards.map((el) => ({
    kind: el.classList.contains('threat') ? 'threat' : 'inv',
    border: getComputedStyle(el).borderTopStyle,
    label: el.querySelector('.sr').textContent,
  })));
  for (const s of styles) {
    assert.equal(s.border, s.kind === 'threat' ? 'dashed' : 'solid', `a ${s.kind} card's border`);
    assert.ok(s.label.length > 2, 'each card is named in words');
  }
  await checkLabels(page, 'Sherlock player page');
  await checkContrast(page, 'Sherlock player page');
  await shot(page, dir, 'sherlock-hand');

  const play = page.locator('#hand form.plays button').first();
  const line = await play.getAttribute('value');
  await Promise.all([page.waitForNavigation(), play.click()]);
  assert.equal(await page.locator('ol#pending li').count(), 1, 'the play is lined up');
  await shot(page, dir, 'sherlock-lined-up');
  await Promise.all([page.waitForNavigation(), page.click('#undo')]);
  assert.equal(await page.locator('ol#pending li').count(), 0, 'the play is taken back');
  await Promise.all([page.waitForNavigation(),
    page.locator(`#hand form.plays button[value="${line}"]`).first().click()]);
  await Promise.all([page.waitForNavigation(), page.click('#send')]);
  assert.equal(await page.locator('#banner.done').count(), 1, 'a success banner');
  assert.equal(await page.locator('ol#pending li').count(), 0, 'nothing left lined up');
  await shot(page, dir, 'sherlock-sent');

  await page.goto(made.public_page);
  assert.equal(await page.locator('#hand').count(), 0, 'no hand on the public table');
  assert.ok((await page.locator('#scene .card, #office .card').count()) >= 1, 'the play is on the table');
  await shot(page, dir, 'sherlock-table');

  await page.goto(link);
  await Promise.all([page.waitForNavigation(), page.click('#rules-link')]);
  assert.equal(await text(page, '#rules h1'), c.rules);
  await shot(page, dir, 'sherlock-rules');
  await page.goto(`${base}/sherlock/daily?lang=${lang}`);
  assert.match(await text(page, 'h1'), new RegExp(c.daily));
  await checkLabels(page, 'the daily case');
  await shot(page, dir, 'sherlock-daily');

  for (const [url, what] of [[link, 'the Sherlock player page'], [made.public_page, 'the Sherlock table'],
    [`${base}/rules/sherlock?lang=${lang}`, 'the Sherlock rules'], [`${base}/sherlock/daily?lang=${lang}`, 'the daily case']]) {
    const small = await fitsPhone(context, url, what);
    await shot(small, dir, `phone-${what.split(' ').pop()}`);
    await small.close();
  }
  assert.deepEqual(problems, [], 'no script errors');
  await close();
  console.log(`ok: the Sherlock flow ${mode}`);
}

let step = 0;
async function shot(page, dir, name, fullPage = true) {
  step += 1;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${String(step).padStart(2, '0')}-${name}.png`), fullPage });
}

// Every form control has a name a screen reader can read.
async function checkLabels(page, what) {
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
      .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
      .map((el) => el.name || el.id));
  assert.deepEqual(unlabelled, [], `${what}: controls without a label`);
}

// Text and buttons meet WCAG AA contrast (4.5:1) against what is behind them.
async function checkContrast(page, what) {
  const poor = await page.evaluate(() => {
    const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const out = [];
    for (const el of document.querySelectorAll('p, li, td, th, a, button, label, legend, h1, h2, h3, code, span')) {
      if (!el.offsetParent || !el.textContent.trim() || el.classList.contains('sr') || el.closest('.sr')) continue;
      const fg = rgb(getComputedStyle(el).color).slice(0, 3);
      const a = lum(fg), b = lum(background(el));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) out.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
    }
    return out;
  });
  assert.deepEqual(poor, [], `${what}: text below 4.5:1 contrast`);
}

async function text(page, selector) {
  return (await page.locator(selector).first().innerText()).trim();
}

// What the pages say, in each language the flow plays in.
const WORDS = {
  en: {
    confirmMail: (id) => `[Polysleuth game ${id}] confirm and start`,
    welcomeMail: (id) => `[Polysleuth game ${id}] welcome to`,
    hello: 'Hello Ann,',
    privatePage: /Your private page[^\n]*\n\s*(http\S+)/,
    balance: /You have 30 Private Eyes and 0 Sleuth Points/,
    balanceAfter: /You have 38 Private Eyes/,
    addQuestion: 'Add this question',
    addGuess: 'Add this guess',
    question: '(4): Ben has how many Red Pearls?',
    guess: (card) => `Cleo has ${card}`,
    mistyped: 'Dan has 2 Purple Opal',
    line3: /line 3/,
    notAccepted: /NOT accepted/,
    readyNotice: /Turn accepted and marked ready/,
    canReady: /Your turn for round 1 is stored and ready/,
    happened: /Question 1 to Ben \(Red Pearls\): answered .* you paid 4\./,
    answer: /Ben has \d+ Red Pearls? \(question by Ann, 4\)/,
    guessResult: /Ann, guess 1: (right|wrong)/,
    reveal: /Round 1: Ben has (\d+) Red Pearls?: /,
    countdown: /\((\d+d )?\d+ h \d+ min \d+ s\)$/,
    sheetTitle: 'Information Sheet',
  },
  fr: {
    confirmMail: (id) => `[Polysleuth partie ${id}] confirmez et lancez`,
    welcomeMail: (id) => `[Polysleuth partie ${id}] bienvenue dans`,
    hello: 'Bonjour Ann,',
    privatePage: /Votre page priv[^\n]*\n\s*(http\S+)/,
    balance: /Vous avez 30 Détectives privés et 0 points de Sleuth/,
    balanceAfter: /Vous avez 38 Détectives privés/,
    addQuestion: 'Ajouter cette question',
    addGuess: 'Ajouter cette supposition',
    question: '(4): Ben a combien de perles rouges ?',
    guess: (card) => `Cleo a ${card}`,
    mistyped: 'Dan a 2 opale violette',
    line3: /ligne 3/,
    notAccepted: /PAS été accepté/,
    readyNotice: /Tour accepté et déclaré prêt/,
    canReady: /Votre tour de la manche 1 est enregistré et prêt/,
    happened: /Question 1 à Ben \(perles rouges\) : répondue .* vous avez payé 4\./,
    answer: /Ben a \d+ perles? rouges? \(question de Ann, 4\)/,
    guessResult: /Ann, supposition 1 : (juste|fausse)/,
    reveal: /Manche 1 : Ben a (\d+) perles? rouges? : /,
    countdown: /\((\d+ j )?\d+ h \d+ min \d+ s\)$/,
    sheetTitle: 'Feuille d’information',
  },
};

// The printed sheet's columns: Diamonds, Pearls, Opals, each One, Two, Three.
const GEMS = ['Diamond', 'Pearl', 'Opal'];
function column(card) {
  const [number, , gem] = card.split(' ');
  return GEMS.indexOf(gem) * 3 + Number(number) - 1;
}

async function run(js, lang) {
  const w = WORDS[lang];
  const mode = `${js ? 'with-js' : 'without-js'}-${lang}`;
  const dir = join(shots, mode);
  step = 0;
  const { context, close } = await browser(js);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });

  // The game master creates a game in the flow's language.
  await page.goto(`${base}/games/new`);
  await checkLabels(page, 'new game');
  // Each game's own fields: with the script, the chosen game's alone show and are sent;
  // without it, every game's show (the server reads the chosen game's).
  const partsShown = async () => (await page.locator('[data-ruleset]').evaluateAll(
    (parts) => parts.filter((p) => !p.hidden).map((p) => p.dataset.ruleset))).join(' ');
  assert.equal(await partsShown(), js ? 'polysleuth' : 'polysleuth sleuth clue sherlock',
    'the new-game form shows the chosen game\'s fields');
  if (js) {
    await page.selectOption('#ruleset', 'clue');
    assert.equal(await partsShown(), 'clue', 'choosing Clue shows its fields alone');
    assert.equal(await page.locator('#starting_eyes').isDisabled(), true,
      'and Polysleuth\'s are not sent');
    await page.selectOption('#ruleset', 'polysleuth');
    assert.equal(await partsShown(), 'polysleuth', 'choosing Polysleuth again shows its own');
    assert.equal(await page.locator('#starting_eyes').isDisabled(), false);
  }
  await page.fill('#name', `Browser game ${mode}`);
  await page.fill('#gm_email', 'gm@example.org');
  await page.selectOption('#language', lang);
  const names = ['Ann', 'Ben', 'Cleo', 'Dan'];
  for (const [i, n] of names.entries()) {
    await page.fill(`[name=player${i + 1}_name]`, n);
    await page.fill(`[name=player${i + 1}_email]`, `${n.toLowerCase()}@example.org`);
  }
  await shot(page, dir, 'new-game');
  await Promise.all([page.waitForNavigation(), page.click('text=Create the game')]);
  assert.match(await text(page, 'h1'), /^Game \d+ is created$/, 'the game is created');
  await shot(page, dir, 'created');
  const publicLink = await page.locator('a[href*="/games/"]').filter({ hasNotText: 'New game' }).last().getAttribute('href');
  assert.ok(publicLink, 'the created page gives the public link');
  assert.equal(await page.locator('a[href*="/play/"], a[href*="/gm/"]').count(), 0,
    'and neither a player key nor, until the address is confirmed, the game master\'s');
  const gameId = (await text(page, 'h1')).match(/\d+/)[0];

  // The game waits for its game master: the link mailed to their address starts it.
  const gmLink = await linkByMail([w.confirmMail(gameId)], /(http\S+\/gm\/\S+)/);
  await page.goto(gmLink);
  await checkLabels(page, 'game master waiting');
  await shot(page, dir, 'gm-start');
  await Promise.all([page.waitForNavigation(), page.click('button:has-text("Start the game")')]);
  assert.match(await page.content(), /The game has started/, 'the game master starts the game');
  const annLink = await linkByMail([w.welcomeMail(gameId), w.hello], w.privatePage);

  // Ann opens her page, in the game's language: hand, deadline, balances and builder are
  // above the fold.
  await page.goto(annLink);
  assert.equal(await page.getAttribute('html', 'lang'), lang, 'the page says its language');
  assert.match(await text(page, '#balance'), w.balance);
  const hand = await page.locator('ul.hand li').allInnerTexts();
  const handCards = await page.locator('ul.hand li').evaluateAll((ls) => ls.map((l) => l.dataset.card));
  assert.equal(hand.length, 9, 'a four-player hand holds nine cards');
  for (const [i, c] of handCards.entries()) {
    const [number, , gem] = c.split(' ');
    const mark = { Diamond: '◆', Pearl: '○', Opal: '●' }[gem];
    assert.ok(hand[i].startsWith(mark.repeat(Number(number)) + ' '), `${c} shows its marks: ${hand[i]}`);
  }
  for (const sel of ['ul.hand', '.deadline', '#balance', '#guess-builder legend', '#question-builder legend']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box && box.y + box.height <= 800, `${sel} is above the fold`);
  }
  if (js) {
    assert.match(await text(page, '.deadline time'), w.countdown, 'the countdown runs');
  }
  await checkLabels(page, 'player page');
  await checkContrast(page, 'player page');
  const cards = await page.locator('#g_card option').allInnerTexts();
  assert.equal(cards.length, 36 - 9, 'only cards Ann may guess are offered');
  for (const c of hand) assert.ok(!cards.includes(c), `${c} is Ann's own and not offered`);
  const places = await page.locator('#g_place option').allInnerTexts();
  assert.deepEqual(places, ['Ben', 'Cleo', 'Dan'], 'no safe in a four-player game, and not Ann herself');
  const pairs = await page.locator('#q_traits option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(!pairs.includes('Red Green') && pairs.includes('Red Pearl'), 'pairs of different kinds only');
  await shot(page, dir, 'player-page');

  // She builds a two-trait question with the keyboard, and a guess.
  await page.selectOption('#q_target', 'Ben');
  await page.selectOption('#q_traits', 'Red Pearl');
  await page.fill('#q_bid', '4');
  await page.focus('#q_bid');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), w.addQuestion,
    'Tab from the bid reaches the add button');
  await Promise.all([js ? Promise.resolve() : page.waitForNavigation(), page.keyboard.press('Enter')]);
  assert.equal(await page.inputValue('#text'), w.question);
  assert.equal(await text(page, '[data-bid-total]'), '4', 'the running total of bids');
  assert.equal(await text(page, '[data-bid-left]'), '26');
  const first = page.locator('#g_card option').first();
  const guess = await first.getAttribute('value');
  // A choice's words in the turn's language: its own, or its value when they are the same.
  const guessWords = (await first.getAttribute('data-words')) ?? guess;
  await page.selectOption('#g_place', 'Cleo');
  await page.selectOption('#g_card', guess);
  await Promise.all([js ? Promise.resolve() : page.waitForNavigation(), page.click(`text=${w.addGuess}`)]);
  assert.equal(await page.inputValue('#text'), `${w.question}\n${w.guess(guessWords)}`);
  const stillOffered = await page.locator('#g_card option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(!stillOffered.includes(guess), 'a guessed card is offered no more');

  // A mistyped line is answered inline, in her language; the text is kept; she fixes it.
  await page.fill('#text', `${w.question}\n${w.guess(guessWords)}\n${w.mistyped}`);
  await Promise.all([page.waitForNavigation(), page.click('button[value=send]')]);
  const alert = await text(page, '#problems');
  assert.match(alert, w.line3, 'the error names the line');
  assert.ok(alert.includes(w.mistyped), 'the error quotes the line');
  assert.ok((await page.inputValue('#text')).includes(w.mistyped), 'the text is kept');
  assert.match(await text(page, '#banner.refused'), w.notAccepted, 'a refusal looks like one');
  await shot(page, dir, 'inline-error');
  await page.fill('#text', `${w.question}\n${w.guess(guessWords)}`);
  await Promise.all([page.waitForNavigation(), page.click('button[value=ready]')]);
  assert.match(await text(page, '#banner.done'), w.readyNotice);
  assert.match(await text(page, '#can'), w.canReady, 'the header says the turn is in and ready');
  await shot(page, dir, 'ready');
  // "done" cannot be undone: its box must be ticked first.
  const done = page.locator('.done-confirm input[name=confirm]');
  assert.ok(await done.evaluate((el) => el.required), '"done" asks to be confirmed');
  await page.click('button[value=done]');
  assert.match(await text(page, '#banner.done'), w.readyNotice, 'nothing was sent without the box');
  await shot(page, dir, 'done-confirm');

  // The game master sees who is ready, and resolves the round.
  await page.goto(gmLink);
  await checkLabels(page, 'GM page');
  assert.match(await text(page, 'tr:has(td:text-is("Ann"))'), /Ann\s+yes\s+yes/, 'Ann sent and is ready');
  assert.ok(!(await page.content()).includes(guessWords), 'the GM never sees a turn');
  await shot(page, dir, 'gm-before');
  // Someone has sent nothing: resolving now waits for its box to be ticked.
  const sure = page.locator('form:has(button[value=resolve]) input[name=confirm]');
  assert.equal(await sure.count(), 1, 'resolving while someone sent nothing asks to confirm');
  assert.ok(await sure.evaluate((el) => el.required), 'the box must be ticked');
  await sure.check();
  await shot(page, dir, 'gm-confirm');
  await Promise.all([page.waitForNavigation(), page.click('text=Resolve the round now')]);
  assert.match(await text(page, '#banner.done'), /resolved/i);
  await shot(page, dir, 'gm-after');

  // The bulletin, in the language the reader switches to, shows the result and prints cleanly.
  await page.goto(`${publicLink}/rounds/1?lang=${lang}`);
  assert.equal(await page.getAttribute('html', 'lang'), lang, 'the switch sets the language');
  const bulletin = await page.locator('main').innerText();
  assert.match(bulletin, w.answer, 'the answer is public');
  assert.match(bulletin, w.guessResult, 'the guess result is public');
  assert.ok(!bulletin.includes(guessWords), 'the bulletin never names a guessed card');
  await shot(page, dir, 'bulletin');
  await page.goto(publicLink);
  assert.equal(await page.getAttribute('html', 'lang'), lang, 'the switch is remembered');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('header.site').isVisible(), false, 'print leaves out the site header');
  await shot(page, dir, 'public-print');
  await page.emulateMedia({ media: 'screen' });

  // Ann sees her new balance (30 − 4 + 12), her reveal and her Information Sheet: a block
  // per colour, a column per gem and type, a row per player.
  await page.goto(annLink);
  assert.match(await text(page, '#balance'), w.balanceAfter);
  const happened = await text(page, 'section.happened');
  assert.match(happened, w.happened, `what happened to Ann in round 1: ${happened}`);
  await page.locator('#table-head').screenshot({ path: join(dir, 'header.png') });
  const reveal = await text(page, 'ul.reveals li');
  const shown = Number(reveal.match(w.reveal)[1]);
  assert.equal(await page.locator('table.sheet').count(), 4, 'a block per colour');
  assert.equal(await page.locator('table.sheet.red tbody tr').count(), 4, 'a row per player');
  assert.equal(await page.locator('table.sheet.red thead th.gem').count(), 9, 'a column per gem and type');
  for (const c of handCards) {
    const colour = c.split(' ')[1].toLowerCase();
    const cell = page.locator(`table.sheet.${colour} tr.me td`).nth(column(c));
    assert.match(await cell.getAttribute('class'), /\byes\b/, `${c} is marked as Ann's`);
  }
  const pearlsOfBen = await page.locator('table.sheet.red tbody tr:nth-child(2) td')
    .evaluateAll((tds) => tds.slice(3, 6).filter((td) => td.classList.contains('yes')).length);
  assert.equal(pearlsOfBen, shown, 'the Red Pearls shown to Ann are marked in Ben\'s row');
  const grid = await page.locator('.sheet-grid').boundingBox();
  assert.ok(grid.height <= 800, `the sheet fits a laptop screen (${grid.height}px high)`);
  const why = page.locator('table.sheet td:has(b)').first();
  const reason = why.locator('b');
  assert.ok((await reason.textContent()).length > 0, 'a certain cell gives its reason, as its own text for screen readers');
  assert.equal(await why.getAttribute('tabindex'), '0', 'a cell with a reason takes keyboard focus');
  await why.focus();
  const box = await reason.boundingBox();
  assert.ok(box && box.x >= 0 && box.width > 50, 'the reason shows on focus');
  await checkContrast(page, 'player page after a round');
  await page.locator('.sheet-section').screenshot({ path: join(dir, 'sheet-laptop.png') });
  await shot(page, dir, 'player-after');

  // On a phone the page, and the sheet, fit the screen's width.
  const phone = await browser(js, { width: 390, height: 844 });
  const small = await phone.context.newPage();
  await small.goto(annLink);
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the phone page is ${overflow}px too wide`);
  const sideways = await small.locator('.sheet-grid').evaluate((g) => g.scrollWidth - g.clientWidth);
  assert.ok(sideways <= 0, `the phone's sheet scrolls sideways by ${sideways}px`);
  // A reason opened on the last cell of a row stays on the screen.
  const edge = small.locator('table.sheet tr.me td:last-child:has(b)').first();
  assert.equal(await edge.count(), 1, 'the player\'s own row gives a reason in its last cell');
  await edge.focus();
  const r = await edge.locator('b').boundingBox();
  assert.ok(r.x >= 0 && r.x + r.width <= 390, `the reason of a right-hand cell leaves the screen (${r.x}, ${r.width})`);
  await small.locator('.sheet-section').screenshot({ path: join(dir, 'sheet-phone.png') });
  await shot(small, dir, 'phone', true);
  // The new-game form and a classic game's table fit a phone too (a commitment wraps).
  const { classic, classicGm } = await classicGame();
  for (const path of ['/games/new', new URL(classic.public_page).pathname, new URL(classicGm).pathname,
    `/rules/polysleuth?lang=${lang}`, new URL(gmLink).pathname, new URL(publicLink, base).pathname, '/help']) {
    await small.goto(`${base}${path}`);
    const wide = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `${path.replace(/-[0-9a-f]{32}$/, '-…')} is ${wide}px too wide for a phone`);
  }
  await phone.close();

  assert.deepEqual(problems, [], 'no script errors');
  await close();
  console.log(`ok: the whole flow ${mode}`);
}

try {
  await run(true, 'en');
  await run(false, 'en');
  await run(true, 'fr');
  await run(false, 'fr');
  for (const lang of ['en', 'fr']) {
    await runClassic(true, lang);
    await runClassic(false, lang);
    await runClue(true, lang);
    await runClue(false, lang);
    await runSherlock(true, lang);
    await runSherlock(false, lang);
  }
} catch (e) {
  console.error(`FAILED: ${e.message}`);
  process.exit(1);
}
