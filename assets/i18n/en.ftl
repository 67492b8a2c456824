# Kiela's English messages: the fallback for every locale but pt-BR.
#
# Every key exists in pt-BR.ftl too, with the same variables (a test checks).
# Messages that the bot embeds in a sentence start in lower case; the bot
# capitalises a refusal shown alone and ends it with a full stop.
# Hole names (A1 … J4) and move notation are the same in every language.

## Names

side-south = South
side-north = North
variant-standard = Standard
variant-beginner = Beginner
variant-expert = Expert
level-beginner = beginner
level-easy = easy
level-medium = medium
level-hard = hard
level-expert = expert
language-en = English
language-pt = Português (Brasil)
user-fallback = user { $id }

## Counts

count-wins = { $count ->
    [one] { $count } win
   *[other] { $count } wins
}
count-losses = { $count ->
    [one] { $count } loss
   *[other] { $count } losses
}
count-draws = { $count ->
    [one] { $count } draw
   *[other] { $count } draws
}
count-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
count-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
count-stones = { $count ->
    [one] { $count } stone
   *[other] { $count } stones
}
count-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}

## The board's text

verdict-wins = { $name } wins
verdict-draw = Draw
result-line = **{ $verdict }** ({ $score }, { $reason }).
game-over-for = Game over for { $players }.
rating-change = { $name } { $rating } ({ $change })
reason-no-moves = no legal move left
reason-repetition = third repetition of the position
reason-resignation = resignation
reason-agreement = draw agreed
reason-timeout = loss on time
outcome = { $score } ({ $reason })
your-move = { $mention } ({ $name }, { $side }), your move.
your-move-before = { $mention } ({ $name }, { $side }), your move (before <t:{ $deadline }:f>, <t:{ $deadline }:R>).
may-rearrange = You may also rearrange your stones with `/kiela arrange`.
thinking = { $name } is thinking…
show-headline = Game #{ $id }, move { $play }.
posted-elsewhere = The game is played in <#{ $channel }>: its board is posted there.
resigned = { $name } resigned game #{ $id }.
ran-out-of-time = { $name } ran out of time in game #{ $id }.

## The board picture, its animations and its alt text (src/render). Short:
## they are drawn in boxes of fixed width.

board-player = { $name } ({ $side })
board-wins = { $player } wins: { $why }
board-draw = Draw: { $why }
board-why-no-moves = { $loser } has no legal move
board-why-resigned = { $loser } resigned
board-why-timeout = { $loser } ran out of time
board-why-repetition = threefold repetition
board-why-agreement = agreed by both players
board-why-other-no-moves = no moves
board-why-other-resignation = resignation
board-why-other-timeout = timeout
board-band-to-move = { $side } · to move
board-band-to-move-time = { $side } · to move · { $time }
board-band-winner = { $side } · wins
board-days-left = { $count ->
    [one] { $count } day left
   *[other] { $count } days left
}
board-hours-left = { $count ->
    [one] { $count } hour left
   *[other] { $count } hours left
}
board-minutes-left = { $count ->
    [one] { $count } minute left
   *[other] { $count } minutes left
}
board-time-up = time is up
board-status = { $variant } · move { $number }
board-status-game = Game #{ $id } · { $variant } · move { $number }
board-to-move = { $side } to move
board-last-move = last move:
board-rearranged = rearranged
board-took = took { $count }
board-after-turns = { $count ->
    [one] after { $count } turn
   *[other] after { $count } turns
}
graph-title = Evaluation
move-verdict-blunder = blunder
move-verdict-mistake = mistake
move-verdict-inaccuracy = inaccuracy
board-path-sowed = { $mover } sowed { $hole }
board-path-relay = relay { $hole }
board-path-captured = { $hole } captured { $holes } ({ $count })
board-path-ended = ended in { $hole }.
board-path-rearranged = { $mover } rearranged their stones.
board-path-relays = { $count ->
    [one] { $count } relay
   *[other] { $count } relays
}
board-path-captures = { $count ->
    [one] { $count } capture
   *[other] { $count } captures
}
board-alt-title = Kiela board, { $status }.
board-alt-over = Game over. { $outcome }.
board-alt-to-move = { $player } to move.
board-alt-to-move-time = { $player } to move, { $time }.
board-alt-last-move = Last move: { $path }
board-alt-side = { $player }, { $stones }:
board-alt-row = Row { $row }, A to J: { $counts }.

## Choosing a game

no-game-here = you have no ongoing game in this channel; start one with `/kiela challenge` or `/kiela ai`
which-game = you have { $count } games here ({ $games }); say which with the `game` option

## Refusals of moves (the rules engine's, as players read them)

illegal-with-moves = { $error }. Your legal moves: { $moves }
game-is-over = game #{ $id } is over ({ $outcome })
illegal-not-your-hole = { $hole } is { $owner }'s hole
illegal-empty = { $hole } is empty
illegal-too-few = { $hole } holds a single stone; { $variant } needs at least { $min }
illegal-endless = sowing from { $hole } would never end
illegal-not-expert = rearranging is only allowed in the Expert variant
illegal-rearrangement-used = you can only rearrange on your first turn
illegal-game-over = the game is over: { $outcome }
bad-hole = `{ $text }` is not a hole: use a column A-J and a row 1-4, like C2
bad-variant = `{ $text }` is not a variant: use standard, beginner or expert
bad-level = `{ $text }` is not a level: use beginner, easy, medium, hard or expert
layout-wrong-length = the layout has { $count } entries; it needs 20 (your upper row A-J, then your lower row A-J)
layout-not-a-number = `{ $text }` is not a whole number of stones
layout-negative = `{ $text }` is negative; a hole holds 0 or more stones
layout-too-large = `{ $text }` is more stones than the whole board holds
layout-misplaced-slash = the `/` must separate your two rows of 10 entries, and appear at most once
layout-wrong-total = the layout has { $layout } stones; you have { $have }

## Errors

error-not-your-game = this is not your game: only its two players can act on it
error-not-your-turn = it is not your turn: { $side } is to move
error-out-of-date = this board is out of date: here is the current one
error-conflict = someone else acted on this game at the same moment; look at the board again and retry
error-no-such-game = game #{ $id } does not exist
error-internal = internal error: { $detail }
error-busy = game #{ $id } takes long to load (its sowings are long to check); it carries on meanwhile: try again in a minute
error-sorry = Sorry, something went wrong on our side and the action may not have been saved. Look at the board with `/kiela board` and try again in a moment.

## Draws

draw-already-over = game #{ $id } is already over
already-over = game #{ $id } is already over ({ $outcome })
draw-bot-refuses = { $name } does not take draws; play on or resign
draw-accepted = { $name } accepted the draw in game #{ $id }.
draw-already-offered = you have already offered a draw; your opponent can accept it with `/kiela draw`
draw-offered = { $name } offers a draw in game #{ $id }. { $mention }, accept with `/kiela draw` (or the button), or play on: your next move declines it.

## Challenges

challenge-self = you cannot challenge yourself; try `/kiela ai` to practise
challenge-a-bot = { $name } is a bot and cannot play; challenge a person
first-named = { $name } moves first
first-random = first mover drawn at random
challenge = { $mention }, { $name } challenges you to a game of Kiela ({ $variant }, { $first }, { $days ->
    [one] { $days } day
   *[other] { $days } days
} per move). Accept or decline within 24 hours.
no-such-challenge = challenge #{ $id } does not exist
challenge-not-for-you = this challenge is not addressed to you
challenge-only-challenger = only the challenger can cancel this challenge
challenge-closed = this challenge is no longer open (it was { $status ->
    [accepted] accepted
    [declined] declined
    [cancelled] cancelled
    [expired] expired
   *[other] { $status }
})
challenge-expired = this challenge expired (challenges last 24 hours); ask for a new one
nobody-challenged = nobody has challenged you
no-open-challenge = you have no open challenge
many-challenges = you have { $count } open challenges ({ $ids }); use the buttons on the one you mean
challenge-answered = this challenge was answered already
challenge-accepted = { $name } accepted the challenge: game #{ $id } begins ({ $variant }).
challenge-declined = { $name } declined the challenge of { $mention }.
challenge-withdrawn = { $name } withdrew the challenge to { $mention }.
ai-game = Game #{ $id }: { $name } against { $bot } ({ $level }), { $variant }.
bad-days = the time per move must be 1 to 14 days, not { $days }
quota-challenges = you already have { $max } challenges waiting for an answer; wait until they are answered or expire (a day after they were sent), or withdraw one with the Decline button under it
quota-ai-games = you already play { $max } games against the AI; finish one, or resign it with `/kiela resign game:`, before starting another

## Lists and numbers

no-games = You have no ongoing game. Start one with `/kiela challenge` or `/kiela ai`.
games-line = { $game } vs { $opponent } ({ $variant }, you are { $side }) in <#{ $channel }>: move { $play }, { $turn }
turn-yours = **your move**
turn-yours-before = **your move** (before <t:{ $deadline }:R>)
turn-theirs = { $name } to move
games-more = { $count ->
    [one] …and 1 more game (a message holds only so many).
   *[other] …and { $count } more games (a message holds only so many).
}
history = Game #{ $id }:
history-attached = The record ({ $plies } turns) is too long for a message: it is in the attached file.
history-alt-text = Game #{ $id }, { $south } against { $north }: the board after each of its { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}, with each turn's path.
provisional = ? (provisional)
stats = **{ $name }**: rating { $rating }{ $provisional } ± { $deviation }; { $wins }, { $losses }, { $draws } in this server; { $ongoing ->
    [one] { $ongoing } ongoing game
   *[other] { $ongoing } ongoing games
}.
leaderboard-empty = No rated games in this server yet: challenge someone with `/kiela challenge`.
leaderboard-title = **Leaderboard**
leaderboard-provisional = ? provisional: fewer than { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
} in this server, listed after the established players.
notify-on = You will also get reminders by direct message.
notify-off = Reminders only in the game's channel from now on.
choice-won = you won
choice-lost = you lost
choice-drawn = drawn
choice-your-move = your move
choice-their-move = { $name } to move
choice-label = #{ $id } vs { $opponent }: { $state }

## Play over days

reminder = { $mention }, reminder: it is your move in game #{ $id }, and { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} left (until <t:{ $until }:f>). If time runs out, you lose the game.
dm-note = { $text } (in <#{ $channel }>)

## Watching a turn again

analysis-title = **Analysis of game #{ $id }** ({ $nodes } positions searched a move): { $count ->
    [0] no mistakes or blunders.
    [one] { $count } mistake or blunder.
   *[other] { $count } mistakes and blunders.
}
analysis-line = { $ply }. { $name } { $move }: { $verdict }, { $loss } stones lost. { $best } would have kept them.
analysis-more = …and { $count } more.
analysis-alt = Evaluation graph of game #{ $id } over { $plies } turns, { $south } ahead above the line, { $north } below; { $count } mistakes and blunders marked.
analysis-progress = Analysing game #{ $id }… { $done }/{ $total }
analysis-ongoing = game #{ $id } is still going on, and analysing it would be help during play: ask again once it has ended
analysis-ongoing-ai = game #{ $id } against the AI is still going on: finish it (or resign), then analyse it
analysis-no-moves = game #{ $id } has no moves to analyse
watch-no-turn = game #{ $id } has no turn { $turn }: it has { $count } so far
watch-text = Game #{ $id }, turn { $turn }: { $path }
watch-rearrangement = that turn was a rearrangement: there is no sowing to watch, and its board shows the new layout

## Server settings

settings-only-in-servers = server settings exist only in a server
settings-managers-only = only members who may manage this server can change its settings (the Manage Server permission)
settings-language-auto = Language of this server's public messages: automatic (the server's own language, { $language }).
settings-language-fixed = Language of this server's public messages: { $language }.
settings-now = Settings of this server: language { $language }. Managers change it with `/kiela settings language:`.
settings-auto = automatic

## The rules

rules-summary = **Kiela** is played on 4 rows of 10 holes; you own the two rows nearest you. On your turn, pick one of your holes with at least 2 stones (Beginner: 1) and sow its stones one by one anti-clockwise round your own two rows. If the last stone lands in an empty hole, your turn ends. If it lands in an occupied hole of your inner row and the opponent's inner hole in that column is occupied, you capture it (and the outer hole behind it) and sow the captured stones on. Otherwise you pick up that hole and keep sowing. A move that would relay for ever is not allowed. A player with no legal move loses; a position seen for the third time is a draw. Expert: your first turn may instead rearrange all your stones as you like.

## Buttons and menus

button-accept = Accept
button-decline = Decline
button-offer-draw = Offer draw
button-resign = Resign
button-watch = Watch
button-analyse = Analyse
button-confirm-resign = Yes, resign
menu-sow-from = Sow from…
menu-hole = { $hole } ({ $stones ->
    [one] { $stones } stone
   *[other] { $stones } stones
})
choose-hole = Choose a hole in the menu.
old-button = This button belongs to an older version of the bot; use `/kiela board`.
confirm-resign = Resign game #{ $id }? You lose the game; this cannot be undone.

## Reading the command

parse-no-subcommand = use `/kiela` with a subcommand, e.g. `/kiela rules`
parse-whom = say whom you challenge
parse-which-hole = say which hole, e.g. C2
parse-layout = give the layout
parse-which-game = say which game
parse-unknown = `/kiela { $name }` is not a command I know

## The command as Discord shows it: names (lower case, no spaces, at most
## 32 characters) and descriptions (at most 100 characters). The English
## names are the ones the bot reads: never change them.

cmd-kiela-name = kiela
cmd-kiela-description = Play Kiela, the four-row mancala of northern Angola
cmd-challenge-name = challenge
cmd-challenge-description = Challenge someone to a game (challenge me to play the AI)
cmd-accept-name = accept
cmd-accept-description = Accept the challenge you received
cmd-decline-name = decline
cmd-decline-description = Decline the challenge you received
cmd-ai-name = ai
cmd-ai-description = Play against the computer
cmd-move-name = move
cmd-move-description = Sow from one of your holes
cmd-arrange-name = arrange
cmd-arrange-description = Expert: rearrange your stones before your first move
cmd-resign-name = resign
cmd-resign-description = Resign a game
cmd-draw-name = draw
cmd-draw-description = Offer a draw, or accept your opponent's offer
cmd-board-name = board
cmd-board-description = Show the board of a game
cmd-games-name = games
cmd-games-description = List your ongoing games
cmd-history-name = history
cmd-history-description = The record of a game
cmd-analyze-name = analyze
cmd-analyze-description = The computer's analysis of a finished game: its evaluation graph, mistakes and blunders
cmd-stats-name = stats
cmd-stats-description = Rating and results in this server
cmd-leaderboard-name = leaderboard
cmd-leaderboard-description = The best players of this server
cmd-rules-name = rules
cmd-rules-description = How to play Kiela
cmd-notify-name = notify
cmd-notify-description = Also remind you by direct message when your time runs low
cmd-settings-name = settings
cmd-settings-description = This server's settings for the bot (managers only)
opt-game-name = game
opt-game-description = The game number (leave out for your game here)
opt-variant-name = variant
opt-variant-description = Which rules (default Standard)
opt-opponent-name = opponent
opt-opponent-description = Who you want to play
opt-first-name = first
opt-first-description = Who moves first (default random)
opt-days-name = days
opt-days-description = Days per move, 1 to 14 (default 3)
opt-level-name = level
opt-level-description = How strong (default medium)
opt-hole-name = hole
opt-hole-description = The hole, e.g. C2
opt-layout-name = layout
opt-layout-description = 20 numbers: your upper row A-J, then your lower row A-J, as the board shows them
opt-user-name = user
opt-user-description = Whose (default you)
opt-dm-name = dm
opt-dm-description = Send reminders by direct message
opt-language-name = language
opt-language-description = The language of the bot's public messages in this server
choice-variant-standard = Standard
choice-variant-beginner = Beginner
choice-variant-expert = Expert (rearrange before your first move)
choice-first-me = Me
choice-first-them = My opponent
choice-first-computer = The computer
choice-first-random = Random
choice-level-beginner = Beginner
choice-level-easy = Easy
choice-level-medium = Medium
choice-level-hard = Hard
choice-level-expert = Expert
choice-language-auto = Automatic (the server's language)
choice-language-en = English
choice-language-pt = Português (Brasil)
