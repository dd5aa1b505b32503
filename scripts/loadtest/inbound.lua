-- Turns by mail, posted to the inbound webhook as raw messages from every player.
local replies = {}
local i = 0
function init(args)
  for line in io.lines(os.getenv("WORK") .. "/replies") do
    local addr, other = line:match("([^\t]+)\t(.+)")
    replies[#replies + 1] = { addr, other }
  end
  i = math.random(#replies)
end
function request()
  i = i % #replies + 1
  local r = replies[i]
  local body = "From: player@example.org\r\nTo: " .. r[1] ..
    "\r\nSubject: Re: turn\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" ..
    "1 (1): " .. r[2] .. " has how many Blues?\r\n\r\nOn Mon, 2 Nov 2026, GM wrote:\r\n> old\r\n"
  return wrk.format("POST", "/inbound/mail", { ["X-Polysleuth-Secret"] = os.getenv("SECRET") }, body)
end
