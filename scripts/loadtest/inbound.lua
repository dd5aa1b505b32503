-- Turns by mail, posted to the inbound webhook as raw messages from every player. Each is a
-- new message, as a mail client sends it (its own Message-ID and Date), so every request is
-- read, checked and stored as a turn; the two threads start at different players.
local replies = {}
local i = 0
local sent = 0
local started = os.time()
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
function init(args)
  for line in io.lines(os.getenv("WORK") .. "/replies") do
    local addr, other = line:match("([^\t]+)\t(.+)")
    replies[#replies + 1] = { addr, other }
  end
  i = ((tid or 1) * 613) % #replies
end
function request()
  i = i % #replies + 1
  sent = sent + 1
  local r = replies[i]
  local body = "From: player@example.org\r\nTo: " .. r[1] ..
    "\r\nSubject: Re: turn\r\nDate: Sat, 28 Nov 2026 09:00:00 +0000" ..
    "\r\nMessage-ID: <" .. started .. "." .. (tid or 0) .. "." .. sent .. "@mail.example.org>" ..
    "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" ..
    "1 (1): " .. r[2] .. " has how many Blues?\r\n\r\nOn Mon, 2 Nov 2026, GM wrote:\r\n> old\r\n"
  return wrk.format("POST", "/inbound/mail", { ["X-Polysleuth-Secret"] = os.getenv("SECRET") }, body)
end
