-- Turn submissions spread over every player of the load test's games; each asks another player.
local tokens = {}
local i = 0
function init(args)
  for line in io.lines(os.getenv("WORK") .. "/tokens") do
    local token, other = line:match("([^\t]+)\t(.+)")
    tokens[#tokens + 1] = { token, other }
  end
  i = math.random(#tokens)
end
function request()
  i = i % #tokens + 1
  local t = tokens[i]
  return wrk.format("POST", "/api/play/" .. t[1] .. "/turn", { ["Content-Type"] = "text/plain" },
    "1 (3): " .. t[2] .. " has how many Reds?\n2 (2): " .. t[2] .. " has how many Green Pearls?\nready")
end
