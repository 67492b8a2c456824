# Kiela's English messages: the fallback for every locale but pt-BR.
#
# Every key exists in pt-BR.ftl too, with the same variables (a test checks).
# Messages that the bot embeds in a sentence start in lower case; the bot
# capitalizes a refusal shown alone and ends it with a full stop: refusals
# are clauses, in lower case, without a final stop.
# Hole names (A1 … J4) and move notation are the same in every language.
# The game's terms, and the words not to use, are in GLOSSARY.md (a test
# refuses the "not" column); spelling is American (the command is `analyze`).

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
    [one] { $number } win
   *[other] { $number } wins
}
count-losses = { $count ->
    [one] { $number } loss
   *[other] { $number } losses
}
count-draws = { $count ->
    [one] { $number } draw
   *[other] { $number } draws
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

result-line = **{ $result }**
result-resigned = { $winner } won: { $loser } resigned.
result-timeout = { $winner } won: { $loser } ran out of time.
result-no-moves = { $winner } won: { $loser } had no move left.
result-won = { $winner } won.
result-agreement = Draw by agreement.
result-repetition = Draw: the same position came a third time.
result-draw = Draw.
game-over-for = Game over for { $players }.
rating-change = { $name } { $rating } ({ $change })
your-move = { $mention } ({ $side }), your move (no time limit).
your-move-before = { $mention } ({ $side }), your move (before <t:{ $deadline }:f>, <t:{ $deadline }:R>).
may-rearrange = You may also rearrange your stones: the **Arrange** button opens a form (or type `/kiela arrange`).
thinking = { $name } is thinking…
show-headline = Game #{ $id }, { $ply ->
    [0] at the start
   *[other] turn { $ply }
}.
move-played-board-follows = Your move in game #{ $id } is played; its board follows in a moment.
posted-elsewhere = The game is played in <#{ $channel }>: its board is posted there.
played-elsewhere = Game #{ $id } is played in <#{ $channel }>.
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
board-band-winner = { $side } · wins
board-band-sowing = { $side } · sowing
board-caption-sow = { $side } sows { $hole }
board-caption-relay = relay from { $hole }
board-caption-capture = { $hole } captures { $holes } ({ $count })
board-status = { $variant } · { $ply ->
    [0] start
   *[other] turn { $ply }
}
board-status-game = Game #{ $id } · { $variant } · { $ply ->
    [0] start
   *[other] turn { $ply }
}
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
board-plan-sow = Sowing { $hole }
board-plan-relay = would relay { $hole }
board-plan-capture = { $hole } would capture { $holes } ({ $count })
board-plan-end = would end in { $hole }.
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
game-is-over = game #{ $id } is over. { $outcome }
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
error-busy = game #{ $id } is still loading (long sowings take a while to check): try again in a minute
error-sorry = Sorry, something went wrong on our side and the action may not have been saved. Look at the board with `/kiela board` and try again in a moment.

## Draws

draw-already-over = game #{ $id } is already over
already-over = game #{ $id } is already over. { $outcome }
draw-bot-refuses = { $name } does not take draws; play on or resign
draw-accepted = { $name } accepted the draw in game #{ $id }.
draw-already-offered = you have already offered a draw; your opponent can accept it with `/kiela draw`
draw-offered = { $name } offers a draw in game #{ $id }. { $mention }
draw-pending = { $name } offers a draw: { $opponent } may accept or decline it.
draw-own-offer = you offered this draw yourself; only { $name } can accept or decline it
draw-declined = { $name } declined the draw in game #{ $id }. { $mention }, play goes on.

## Challenges

challenge-self = you cannot challenge yourself; try `/kiela ai` to practice
challenge-a-bot = { $name } is a bot and cannot play; challenge a person
challenge-needs-server = challenges between people are made in a server or a group DM: use `/kiela challenge` in a channel of a server you share or in a group DM with them (here, `/kiela ai` plays the bot)
challenge-other-server = challenge #{ $id } belongs to another server: answer it there, or from its direct message
first-named = { $name } moves first
first-random = first mover drawn at random
first-acceptor = whoever accepts moves first
challenge = { $mention }, { $name } challenges you to a game of Kiela ({ $variant }, { $first }, { $days ->
    [one] { $days } day
   *[other] { $days } days
} per move). Accept or decline within { $within ->
    [one] 1 day
   *[other] { $within } days
}.
no-such-challenge = challenge #{ $id } does not exist
challenge-not-for-you = this challenge is not addressed to you
challenge-only-challenger = only the challenger can cancel this challenge
challenge-closed = this challenge is no longer open (it was { $status ->
    [accepted] accepted
    [declined] declined
    [cancelled] canceled
    [expired] expired
   *[other] { $status }
})
challenge-expired = this challenge expired; ask for a new one
nobody-challenged = nobody has challenged you
no-open-challenge = you have no open challenge
many-challenges = you have { $count } open challenges ({ $ids }); use the buttons on the one you mean
challenge-answered = this challenge was answered already
challenge-accepted = { $name } accepted the challenge: game #{ $id } begins ({ $variant }).
challenge-declined = { $name } declined the challenge of { $mention }.
challenge-withdrawn = { $name } withdrew the challenge to { $mention }.
challenge-withdrawn-open = { $name } withdrew their open challenge.
challenge-open = { $name } challenges anyone here to a game of Kiela ({ $variant }, { $first }, { $days ->
    [one] { $days } day
   *[other] { $days } days
} per move). The first to press Accept within { $within ->
    [one] 1 day
   *[other] { $within } days
} plays.
challenge-taken = { $name } already accepted this challenge (game #{ $id })
challenge-open-no-decline = only its author can withdraw an open challenge: to play, press Accept
challenge-expired-to = { $mention }, your challenge to { $name } expired: nobody answered in time.
challenge-expired-open = { $mention }, your open challenge expired: nobody accepted it in time.
challenge-note = *{ $note }*
challenge-status-accepted = Accepted by { $name }: game #{ $id }.
challenge-status-declined = Declined by { $name }.
challenge-status-withdrawn = Withdrawn.
challenge-status-expired = Expired: nobody answered in time.
rematch-challenge = { $mention }, { $name } asks for a rematch of game #{ $id } ({ $variant }, { $first }, { $days ->
    [one] { $days } day
   *[other] { $days } days
} per move). Accept or decline within { $within ->
    [one] 1 day
   *[other] { $within } days
}.
rematch-exists = a rematch of game #{ $id } was already asked for or started
rematch-not-over = game #{ $id } is still going on; a rematch comes after its end
ai-game = Game #{ $id }: { $name } against { $bot } ({ $level }), { $variant }.
bad-days = the time per move must be { $min } to { $max } days, not { $days }
quota-challenges = you already have { $max } challenges awaiting an answer: withdraw one (its Decline or Withdraw button), or wait until one is answered or expires ({ $days ->
    [one] a day
   *[other] { $days } days
} after it was sent)
quota-ai-games = you already play { $max } games against the AI; finish one, or resign it with `/kiela resign game:`, before starting another

## Lists and numbers

no-games = You have no ongoing game. Start one with `/kiela challenge` or `/kiela ai`.
games-line = { $game } vs { $opponent } ({ $variant }, you are { $side }) in <#{ $channel }>: { $ply ->
    [0] at the start
   *[other] turn { $ply }
}, { $turn }
turn-yours = **your move** (no time limit)
turn-yours-before = **your move** (before <t:{ $deadline }:R>)
turn-theirs = { $name } to move
history = Game #{ $id }:
history-attached = The record ({ $plies } turns) is too long for a message: it is in the attached file.
history-alt-text = Game #{ $id }, { $south } against { $north }: the board after each of its { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}, with each turn's path.
history-alt-text-end = Game #{ $id }, { $south } against { $north }: the board after each of its last { $shown } turns (of { $turns }: the whole game would be too large for Discord), with each turn's path.
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
notify-every-turn = You will get a direct message each time it is your turn, with the board and the move menu (you can play from there), and your reminders.
notify-reminders = You will get your reminders by direct message too, with the board and the move menu.
notify-off = No more direct messages: your turns and reminders only in the games' channels.
choice-won = you won
choice-lost = you lost
choice-drawn = drawn
choice-your-move = your move
choice-their-move = { $name } to move
choice-label = #{ $id } vs { $opponent }: { $state }

## Play over days

reminder = Reminder: it is your move in game #{ $id }, and { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} left (until <t:{ $until }:f>). If time runs out, you lose the game.
dm-note = { $text } (in <#{ $channel }>)

## Watching a turn again

analysis-title = **Analysis of game #{ $id }**: { $count ->
    [0] no mistakes or blunders.
    [one] { $count } mistake or blunder.
   *[other] { $count } mistakes and blunders.
}
analysis-line = Turn { $ply }, { $name } { $move }: { $verdict }, { $loss } stones lost. { $best } would have kept them.
analysis-line-missed-win = Turn { $ply }, { $name } { $move }: { $verdict }, missed a forced win. { $best } would have won by force.
analysis-line-forced-loss = Turn { $ply }, { $name } { $move }: { $verdict }, let the opponent force a win. { $best } would have held.
analysis-shared = Shared by { $name }.
button-share = Share
analysis-alt = Evaluation graph of game #{ $id } over { $plies } turns, { $south } ahead above the line, { $north } below; { $count } mistakes and blunders marked.
analysis-progress = Analyzing game #{ $id }… { $done }/{ $total }
analysis-ongoing = game #{ $id } is still in progress: analysis opens when it ends
analysis-ongoing-ai = game #{ $id } against the AI is still in progress: finish it (or resign), then analyze it
analysis-no-moves = game #{ $id } has no moves to analyze
analysis-cooldown = you started an analysis a moment ago: you can start another in { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
} (one already made is shown at once)
watch-no-turn = game #{ $id } has no turn { $turn }: it has { $count } so far
watch-text = Game #{ $id }, turn { $turn }: { $path }
watch-rearrangement = that turn was a rearrangement: there is no sowing to watch, and its board shows the new layout

## Server settings

settings-only-in-servers = server settings exist only in a server
settings-managers-only = only members who may manage this server can change its settings (the Manage Server permission)
settings-saved = Saved.
settings-now =
    Settings of this server:
    • language of public messages: { $language }
    • games in threads: { $threads }
    • days per move when a challenge does not say: { $days }
    • games played in: { $channel }
    • challenges wait: { $challenge_days }
    • daily puzzle: { $puzzle }
    Managers change them with `/kiela settings`.
settings-auto-language = automatic ({ $language }, the server's own)
settings-threads-auto = where the bot may open them
settings-threads-on = always
settings-threads-off = never (in the channel)
settings-channel-anywhere = the channel of each challenge

## The rules

rules-summary = **Kiela**: 4 rows of 10 holes; the two nearest you are yours.
    • Your turn: sow a hole of yours with 2 or more stones (Beginner: 1), one stone per hole, counterclockwise round your two rows.
    • Last stone in an empty hole: the turn ends.
    • In an occupied inner hole facing an occupied hole: capture that hole and the outer one behind it, and sow the captured stones on.
    • In any other occupied hole: relay (pick its stones up and sow on). An endless relay is not allowed.
    • No legal move: you lose. A position seen a third time: a draw. Expert: your first turn may rearrange your stones instead.

## Buttons and menus

button-accept = Accept
button-decline = Decline
button-offer-draw = Offer draw
button-resign = Resign
button-watch = Replay turn
button-analyse = Analyze
button-confirm-resign = Yes, resign
button-accept-draw = Accept draw
button-decline-draw = Decline draw
button-rematch = Rematch
button-arrange = Arrange
button-confirm-arrange = Confirm
button-edit-arrange = Edit
button-reopen-arrange = Open the form again
menu-sow-from = Sow from…
menu-hole = { $hole } ({ $stones ->
    [one] { $stones } stone
   *[other] { $stones } stones
})
choose-hole = Choose a hole in the menu.
old-button = This button belongs to an older version of the bot; use `/kiela board`.
confirm-resign = Resign game #{ $id }? You lose the game; this cannot be undone.

## The rearrangement form (Expert); a title and a label hold at most 45 characters

arrange-form-title = Rearrange your stones (game #{ $id })
arrange-form-upper = Your upper row as drawn (row { $row }), A to J
arrange-form-lower = Your lower row as drawn (row { $row }), A to J
arrange-row-count = your { $which ->
    [upper] upper
   *[lower] lower
} row has { $count } numbers; it needs 10, one for each hole from A to J
arrange-preview = Your stones in game #{ $id } after this rearrangement, if you confirm it (nothing is played yet):

## Reading the command

parse-no-subcommand = use `/kiela` with a subcommand, e.g. `/kiela rules`
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
cmd-challenge-description = Challenge someone to a game (pick the bot to play the AI)
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
cmd-notify-description = Your settings: direct messages, and previews of the moves you pick
cmd-settings-name = settings
cmd-settings-description = This server's settings for the bot (managers only)
opt-game-name = game
opt-game-description = The game number (leave out for your game here)
opt-variant-name = variant
opt-variant-description = Which rules (default Standard)
opt-opponent-name = opponent
opt-opponent-description = Who you want to play (leave out: anyone here may accept)
opt-first-name = first
opt-first-description = Who moves first (default random)
opt-days-name = days
opt-days-description = Days per move, { $min } to { $max } (default: the server's, { $default } unless changed; against the AI: no limit)
opt-level-name = level
opt-level-description = How strong (default medium)
opt-hole-name = hole
opt-hole-description = The hole, e.g. C2
opt-layout-name = layout
opt-layout-description = 20 numbers: your upper row A-J, then your lower row A-J, as the board shows them
opt-user-name = user
opt-user-description = Whose (default you)
opt-dm-name = dm
opt-dm-description = Which direct messages you want
opt-language-name = language
opt-language-description = The language of the bot's public messages in this server
opt-threads-name = threads
opt-threads-description = Play each game in a thread of its own (default: where the bot may open one)
opt-settings-days-name = days
opt-settings-days-description = Days per move when a challenge does not say, { $min } to { $max }
opt-games-channel-name = games-channel
opt-games-channel-description = Play every game of this server in this channel (its threads open there)
opt-anywhere-name = anywhere
opt-anywhere-description = Play games where they are challenged (forgets the games channel)
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

## Notifications and fair clocks

reminder-first-move = Reminder: it is your first move in game #{ $id }, and { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} left (until <t:{ $until }:f>). If time runs out before it, the game is aborted.
game-aborted = Game #{ $id } aborted: { $name } did not make a first move in time.
aborted-line = **No result**: an aborted game is not rated.
game-was-aborted = game #{ $id } was aborted (no result): start a new one with `/kiela challenge`
history-aborted = (aborted: no result, not rated)
outcome-aborted = Aborted: no result.
choice-aborted = aborted
reminder-first-move-tournament = Reminder: it is your first move in tournament game #{ $id }, and { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} left (until <t:{ $until }:f>). If time runs out before it, you lose the game by forfeit and are withdrawn from the tournament.
game-forfeited = Game #{ $id } forfeited: { $name } did not make a first move in time, so loses this tournament game and is withdrawn from the tournament.
forfeit-line = **Forfeit**: the player who never moved loses it in the tournament; the game is not rated.
game-was-forfeited = game #{ $id } was forfeited: a player never made a first move
history-forfeit = (forfeit: the player who never moved lost it in the tournament; not rated)
outcome-forfeit = Forfeit: { $name } never moved and loses it.
choice-forfeit = forfeit
choice-dm-every-turn = Every turn (and reminders)
choice-dm-reminders = Reminders only
choice-dm-off = Off
cmd-vacation-name = vacation
cmd-vacation-description = Pause the clocks of all your games for some days (0 ends your vacation)
opt-vacation-days-name = days
opt-vacation-days-description = Days of vacation, 1 to { $allowance } a year (0: back now)
parse-vacation-days = say how many days, e.g. `/kiela vacation days:7`
vacation-bad-days = { $days } days is not a vacation: ask for 1 to { $allowance } days, or 0 to end yours
vacation-too-long = you have { $left ->
    [one] { $left } vacation day
   *[other] { $left } vacation days
} left this year ({ $allowance } a year): ask for at most that many
vacation-not-on = you are not on vacation: `/kiela vacation days:7` starts one
vacation-started = { $name } is on vacation until <t:{ $until }:f> (<t:{ $until }:R>): their clock in game #{ $id } is paused until then.
vacation-ended = { $name } is back from vacation: their clock in game #{ $id } runs again.
vacation-on = You are on vacation until <t:{ $until }:f> (<t:{ $until }:R>), { $days ->
    [one] { $days } day
   *[other] { $days } days
}. { $games ->
    [0] No deadline of yours was running.
    [one] 1 deadline of yours moved as many days later.
   *[other] { $games } deadlines of yours moved as many days later.
} Where your opponent is to move, your clock starts after your vacation. Your opponents were told. Vacation left this year: { $left ->
    [one] { $left } day
   *[other] { $left } days
}.
vacation-off = Welcome back: your vacation is over. { $back ->
    [0] No whole day was left to give back.
    [one] 1 unused day was given back, and taken off the deadlines it had pushed.
   *[other] { $back } unused days were given back, and taken off the deadlines they had pushed.
} Vacation left this year: { $left ->
    [one] { $left } day
   *[other] { $left } days
}.
stats-vacation-left = Vacation left: { $days ->
    [one] { $days } day
   *[other] { $days } days
}.
choice-threads-auto = Where the bot may open them
choice-threads-on = Always
choice-threads-off = Never (in the channel)

## Threads

game-started-line = { $mentions }{ $headline } The game is played in its thread.
thread-name = Kiela #{ $id }: { $south } vs { $north }
game-ended-line = **Game #{ $id }** — { $outcome } <#{ $thread }>
permission-send-messages = Send Messages
permission-attach-files = Attach Files
permission-create-public-threads = Create Public Threads
permission-send-messages-in-threads = Send Messages in Threads
permissions-missing = { $count ->
    [one] The bot lacks the permission { $permissions } in <#{ $channel }>, which games there need. A server manager can grant it to the bot (Server Settings → Roles, or the channel's permissions), or choose where games go with `/kiela settings`.
   *[other] The bot lacks the permissions { $permissions } in <#{ $channel }>, which games there need. A server manager can grant them to the bot (Server Settings → Roles, or the channel's permissions), or choose where games go with `/kiela settings`.
}

## Hints

hint-headline = **Hint** for game #{ $id }: sow { $hole }. { $path } The board below shows it as if played.
button-play-hint = Play { $hole }
hint-between-people = hints are only for games against the AI
hint-over = game #{ $id } is over: no hint to give
analysis-shared-already = the analysis of game #{ $id } is already shared here, by { $mention } <t:{ $at }:R>: [see it]({ $link })
analysis-shared-already-here = the analysis of game #{ $id } is already shared here, by { $mention } <t:{ $at }:R>, above in this channel or thread
result-hints = { $count ->
    [one] With 1 hint.
   *[other] With { $count } hints.
}
button-hint = Hint
cmd-hint-name = hint
cmd-hint-description = The engine's move for you, privately (games against the AI; counted with the result)

## Review

review-headline = Review of game #{ $id }, turn { $ply } of { $last }: { $name } played { $move }. { $judged }
review-judged = Verdict: { $verdict }, { $loss } stones lost; the engine preferred { $best }.
review-missed-win = Verdict: { $verdict }, a missed forced win; { $best } would have won by force.
review-forced-loss = Verdict: { $verdict }, it let the opponent force a win; { $best } would have held.
review-best = The engine's choice too.
review-good = Good enough; the engine preferred { $best }.
button-review = Review
button-first = « First
button-previous = ‹ Previous
button-next = Next ›
button-last = Last »
button-previous-mistake = ‹ Previous mistake
button-next-mistake = Next mistake ›
clock-outage = The bot was away for { $hours ->
    [one] an hour
   *[other] { $hours } hours
}: game #{ $id }'s deadline moved by as much, so nobody loses on time for it.
error-other-server = game #{ $id } belongs to another server: ask there (or, if you play in it, in a direct message to the bot)
error-left-server = you are no longer a member of the server of game #{ $id }, so you cannot play it; it goes on by its clock as usual

## Tournaments

tournament-only-in-servers = tournaments are played in a server: create or join one there
tournament-bad-name = a tournament's name is 1 to { $max } characters
tournament-bad-size = a tournament takes { $min } to { $max } players
tournament-rounds-swiss-only = only a Swiss tournament has a number of rounds: a round-robin plays every pairing
tournament-bad-rounds = a Swiss tournament has 1 to { $max } rounds
tournament-too-many = this server already has { $max } tournaments open or running: finish or cancel one first
tournament-too-many-yours = you already organize { $max } tournaments open or running: finish or cancel one first
tournament-already-in = you are already in { $name }
tournament-full = { $name } is full
tournament-closed = { $name } no longer takes players
tournament-joined = You are in **{ $name }**. Your games start when the tournament does; you will be called in each game's thread.
tournament-joined-late = You are in **{ $name }**, from the next round on: { $missed ->
    [one] the round you missed counts ½ point.
   *[other] the { $missed } rounds you missed count ½ point each.
}
tournament-not-in = you are not playing in { $name }
tournament-already-started = { $name } has already started
tournament-over = { $name } { $state ->
    [finished] has finished
   *[cancelled] was canceled
}: nothing about it can change now
tournament-left = You left { $name }.
tournament-withdrawn = You withdrew from { $name }: your games under way go on to their end, and you get no more pairings.
tournament-organiser-only = only the tournament's organizer or a manager of this server (Manage Server) may do that
tournament-too-few = a tournament needs at least { $min } players; it has { $count }
tournament-started-elsewhere = { $name } has started: its pairings and standings are posted in its own thread, opened from the start message in its channel, and each game in a thread of its own.
tournament-cancelled = Tournament #{ $id }, { $name }, is canceled. Games under way go on as ordinary games.
tournament-cancelled-short = { $name } did not have { $min } players at its start time: it is canceled.
tournament-expired = Tournament #{ $id }, { $name }, is canceled: <@{ $organiser }> did not start it within { $days ->
    [one] 1 day
   *[other] { $days } days
} of creating it. Nobody played a game in it, and nobody is signed up any more: its organizer, or anyone, may create a new one.
tournament-status-cancelled = *Canceled.*
tournament-status-started = *Started: no more sign-ups.*
tournament-rounds-cut = It plays { $rounds } rounds, not { $asked }: a Swiss never has more rounds than players less one, so that nobody meets the same opponent twice.
tournament-started = 🏆 **{ $name }** has started! Players: { $players }.
tournament-pairing = { $south } (South, moves first) – { $north }
tournament-bye = { $name }: a bye (1 point)
tournament-round = **{ $name }, round { $round }**
    { $pairings }
tournament-game-started = { $name }, round { $round }: game #{ $id } begins ({ $variant }).
tournament-thread = { $name } · R{ $round } · #{ $id }
tournament-thread-name = 🏆 { $name } (tournament #{ $id })
tournament-results-standings = **{ $name }**, round { $round }: the standings after { $results ->
    [one] { $results } result
   *[other] { $results } results
}.
tournament-final-standings-shared = **{ $name }** is over: the final standings. { $winners } share first place.
tournament-final-standings = **{ $name }** is over: the final standings. { $winner } wins it.
tournament-strict-refused = { $name } is strict: it refuses players who lost more than { $percent }% of their games on time in the last { $days } days, and you lost { $lost } of your { $games } on time
tournament-unrated-rule = Unrated: its games do not change ratings.
tournament-strict-rule = Strict: players who lost more than { $percent }% of their games on time in the last { $days } days may not join.
tournament-won-shared = 🏆 { $winners } share first place in **{ $name }**: equal on points and every tie-break.
tournament-won = 🏆 **{ $winner }** wins **{ $name }**!
tournament-standings-header = **{ $name }** (tournament #{ $id }), { $status }
tournament-players = { $count ->
    [0] No players yet.
   *[other] Players ({ $count }): { $players }
}
tournament-tiebreaks-swiss = Buchholz Cut-1 { $buchholz }, Sonneborn–Berger { $sb }
tournament-tiebreaks-round-robin = Sonneborn–Berger { $sb }, { $wins ->
    [one] 1 win
   *[other] { $wins } wins
}
tournament-standing = { $rank }. **{ $name }**: { $points } ({ $tiebreaks }; { $games ->
    [one] 1 game
   *[other] { $games } games
}){ $withdrawn ->
    [yes] , withdrawn
   *[no] {""}
}
tournament-unknown = there is no tournament #{ $id } in this server
tournament-none-here = this server has no tournament to do that with: `/kiela tournaments` lists them
tournament-rounds = { $rounds ->
    [one] 1 round,
   *[other] { $rounds } rounds,
} paired by score (Swiss); late entry until half of them have started.
tournament-rounds-default = Rounds paired by score (Swiss): { $small } up to { $threshold } players, { $large } above; late entry until half of them have started.
tournament-round-robin-rule = Everyone plays everyone, all games at once (twice, swapping who moves first, up to { $double } players).
tournament-starts-at = Starts <t:{ $at }:R> (<t:{ $at }:f>) if it has { $min } players by then.
tournament-starts-by-organiser = <@{ $organiser }> starts it with **Start** once there are at least { $min } players.
tournament-sign-up = 🏆 **{ $name }** (tournament #{ $id }): { $format }, { $variant }, { $days ->
    [one] 1 day
   *[other] { $days } days
} a move. Win 1, draw ½; a player who never makes a first move loses the game and leaves the tournament.
tournament-players-of = Players ({ $count }/{ $max }): { $count ->
    [0] none yet. Press **Join**!
   *[other] { $players }
}
tournament-format-round-robin = round-robin
tournament-format-swiss = Swiss
tournament-state-open = taking players
tournament-state-running = round { $round }
tournament-state-finished = finished
tournament-state-cancelled = canceled
tournaments-none = This server has no tournaments yet: `/kiela tournament create` makes one.
tournaments-header = **Tournaments in this server**
tournaments-line = #{ $id } **{ $name }**: { $format }, { $variant }, { $count ->
    [one] 1 player
   *[other] { $count } players
}, { $status }
button-tournament-join = Join
button-tournament-leave = Leave
button-tournament-start = Start
cmd-tournament-name = tournament
cmd-tournament-description = Tournaments of this server: create, join, start, standings
cmd-tournament-create-name = create
cmd-tournament-create-description = Create a tournament here (its lobby), with a sign-up message
cmd-tournament-join-name = join
cmd-tournament-join-description = Join a tournament
cmd-tournament-leave-name = leave
cmd-tournament-leave-description = Leave a tournament (once it has started: withdraw)
cmd-tournament-start-name = start
cmd-tournament-start-description = Start a tournament (its organizer or a manager)
cmd-tournament-standings-name = standings
cmd-tournament-standings-description = A tournament's standings
cmd-tournament-cancel-name = cancel
cmd-tournament-cancel-description = Cancel a tournament (its organizer or a manager)
cmd-tournaments-name = tournaments
cmd-tournaments-description = This server's tournaments: open, running and recent
opt-name-name = name
opt-name-description = The tournament's name
opt-format-name = format
opt-format-description = Round-robin (up to { $round_robin } players) or Swiss (up to { $swiss })
opt-rounds-name = rounds
opt-rounds-description = Swiss: how many rounds (default { $small } up to { $threshold } players, { $large } above)
opt-max-players-name = max-players
opt-max-players-description = At most this many players
opt-starts-name = starts
opt-starts-description = Start by itself this many hours from now (default: the organizer starts it)
opt-rated-name = rated
opt-rated-description = Whether its games change ratings (default: yes)
opt-strict-name = strict
opt-strict-description = Refuse players who lost more than { $percent }% of their games on time in the last { $days } days
opt-tournament-name = tournament
opt-tournament-description = The tournament number (leave out for this server's latest)
choice-format-round-robin = Round-robin
choice-format-swiss = Swiss

# Lessons

## Lesson titles (crates/kiela-learn): short, one idea each

lesson-sowing-title = Sowing
lesson-path-title = The path
lesson-relay-title = Relay
lesson-capture-title = Capture
lesson-capture-outer-title = The outer hole too
lesson-capture-sowing-title = Sowing the captured stones
lesson-no-move-loses-title = No move, no game
lesson-protect-title = Protect your inner row
lesson-leave-no-move-title = Leave North without a move
lesson-beginner-title = Beginner: single stones
lesson-expert-title = Expert: rearrange

## Lesson tasks: one sentence of goal each

lesson-sowing-1 = Only a hole with two or more stones can be sown: find it and sow it.
lesson-sowing-2 = Sow so that your last stone lands in E1.
lesson-sowing-3 = Count the stones: end your turn in J1.
lesson-path-1 = At J1 the path turns up: make your last stone land in J2.
lesson-path-2 = Your inner row runs right to left: end your turn in A1.
lesson-path-3 = The path is a loop: from your inner row, get back to B1.
lesson-path-4 = You are North now, sowing from J4 to A4 and then from A3 to J3: end your turn in A3.
lesson-relay-1 = Land in an occupied hole to pick up its stones and sow on: make one relay.
lesson-relay-2 = Chain them: make two relays in one turn.
lesson-relay-3 = Reach J2 with the help of a relay.
lesson-relay-4 = A relay follows the loop too: relay in your inner row and end in A1.
lesson-capture-1 = End in an occupied hole of your inner row facing North's stones, and capture them.
lesson-capture-2 = Capture, but look first: an inner hole with nothing in front of it only relays.
lesson-capture-3 = Relay first, then capture, all in one turn.
lesson-capture-outer-1 = Capture J3, and the stones behind it in J4 come too.
lesson-capture-outer-2 = Choose the capture that also takes North's outer hole.
lesson-capture-outer-3 = Capture at least five stones in one turn.
lesson-capture-sowing-1 = Captured stones are sown from the hole after yours: capture and end in G2.
lesson-capture-sowing-2 = Let the captured stones capture again: make two captures in one turn.
lesson-capture-sowing-3 = Captured stones can relay too: capture, then relay, in one turn.
lesson-capture-sowing-4 = After A2 the loop goes on into A1: capture on A2 and end in B1.
lesson-no-move-loses-1 = Single stones cannot move: capture North's only pair, and North loses.
lesson-no-move-loses-2 = Capture D3 and the stones behind it in D4: North is left without a move.
lesson-no-move-loses-3 = Two captures are possible: pick the one after which North cannot move.
lesson-protect-1 = North's B3 would capture D2 and D1: make a move after which North cannot capture.
lesson-protect-2 = Your C2 cannot move, so capture C3 before North uses it.
lesson-protect-3 = D2 is empty, so North cannot capture D1: make a move that keeps it empty.
lesson-leave-no-move-1 = Capture both of North's pairs in one turn.
lesson-leave-no-move-2 = Win in two moves: capture now, and again after North's forced reply.
lesson-leave-no-move-3 = North's last pair, in C4, cannot be captured: make two moves and let it run out.
lesson-beginner-1 = In Beginner a single stone can be sown: end your turn in E1.
lesson-beginner-2 = Capture with a single stone.
lesson-beginner-3 = In Beginner you lose only when all your holes are empty: take North's last stones.
lesson-expert-1 = Rearrange your stones so that every one of your 20 holes holds at least one.
lesson-expert-2 = Rearrange so that North has nothing to capture in reply.
lesson-expert-3 = Rearrange, then capture after North answers A3.

## Lesson verdicts

lesson-solved = { $stars ->
    [one] Solved! 1 star.
   *[other] Solved! { $stars } stars.
}
lesson-not-yet = { $count ->
    [one] Not yet: your opponent answered { $reply }. 1 turn left.
   *[other] Not yet: your opponent answered { $reply }. { $count } turns left.
}
lesson-miss-out-of-moves = Out of moves for this task: try it again from the start.
lesson-miss-opponent-stuck = Your opponent cannot move any more, but that was not the goal: try again.
lesson-miss-stuck = You have no move left: try again from the start.
lesson-miss-rearrangement-gone = Your first turn is over, and with it the rearrangement: try again from the start.
lesson-may-arrange = The **Arrange** button opens the form: type how many stones each of your 20 holes gets, row by row as the board draws them (40 in all).
lesson-arrange-form-title = Rearrange your stones (lesson)
lesson-you-rearranged = You rearranged your stones.

## Standings picture

standings-col-rank = #
standings-col-player = Player
standings-col-points = Pts
standings-col-games = Games
standings-col-buchholz = Bu-1
standings-col-sonneborn = SB
standings-col-wins = Wins
standings-legend-buchholz = { standings-col-buchholz }: Buchholz Cut-1
standings-legend-sonneborn = { standings-col-sonneborn }: Sonneborn–Berger
standings-crosstable = Crosstable
standings-withdrawn = withdrawn
standings-result-win = win
standings-result-draw = draw
standings-result-loss = loss
standings-result-forfeit-win = won by forfeit
standings-result-forfeit-loss = lost by forfeit
standings-empty = No players yet
standings-alt = { $title }. Standings by points: { $rows }.
standings-alt-group = { $points }: { $players }
standings-alt-player = { $rank }. { $name }
standings-alt-player-withdrawn = { $rank }. { $name } (withdrawn)

## Lessons in Discord

lesson-header = **Lesson { $number } of { $lessons }: { $title }**, task { $task } of { $tasks } (target: { $par ->
    [one] 1 turn
   *[other] { $par } turns
}). { $goal }
lesson-unknown = There are { $count } lessons: pick one from 1 to { $count }.
lesson-all-done = You have solved every lesson! Here is the first again.
lesson-you = You
lesson-opponent = Opponent
lessons-stats = Lessons: { $solved } of { $tasks } tasks solved, { $stars } ★.
button-lesson-next = Next task
button-lesson-retry = Try again
cmd-learn-name = learn
cmd-learn-description = Learn Kiela in short lessons, one idea at a time (only you see them)
opt-lesson-name = lesson
opt-lesson-description = The lesson's number (default: where you stopped)
stats-tournaments = Tournaments: { $played } played, { $won } won.
tournament-cancelled-you = You canceled { $name }: the channel is told, and games under way go on as ordinary games.

# Puzzles

puzzle-header = **Puzzle #{ $number }** (rated { $rating } · { $themes })
puzzle-goal = { $count ->
    [one] You play { $side }: find the best move.
   *[other] You play { $side }: find the best line, { $count } turns of yours (the opponent's replies are played for you).
}
puzzle-your-rating = Your puzzle rating: { $rating }. Your first try counts.
puzzle-practice = Practice: you have tried this puzzle before, so it does not change your rating.
puzzle-go-on = { $count ->
    [one] Right! Your opponent answered { $reply }. One more turn: find its move.
   *[other] Right! Your opponent answered { $reply }. { $count } more turns.
}
puzzle-solved = Solved!
puzzle-missed = Not the best move: the engine's answer keeps at least { $margin } more stones, or wins. Try again, or see the solution.
puzzle-rating-change = Puzzle rating { $rating } ({ $change }) · streak { $streak }
puzzle-solution = The solution:
puzzle-solution-alt = The solution of puzzle { $number }, animated move by move.
puzzle-all-tried = You have tried every puzzle! Here is one again, for practice.
puzzle-theme-long-relay = long relay
puzzle-theme-double-capture = double capture
puzzle-theme-no-moves = no moves left
puzzle-theme-forced-win = forced win
puzzle-theme-defence = defense
puzzle-theme-outer-capture = outer-row capture
puzzle-theme-sacrifice = sacrifice
puzzle-daily-intro = **Daily puzzle** of { $date } · { $solvers ->
    [0] nobody has solved it yet
    [one] solved by 1 player so far
   *[other] solved by { $solvers } players so far
}
puzzle-daily-post = **Daily puzzle** of { $date }: puzzle #{ $number }. Press **Solve** to try it (only you see your try). Your first try is rated; tries after it are practice. Talk about it in the thread, and hide any answer as a spoiler, between two bars on each side: `||C2||`.
puzzle-daily-yesterday = { $solvers ->
    [0] Yesterday's puzzle #{ $number } was solved by nobody at the first try.
    [one] Yesterday's puzzle #{ $number } was solved by 1 player at the first try.
   *[other] Yesterday's puzzle #{ $number } was solved by { $solvers } players at the first try.
} Its answer (a spoiler): ||{ $answer }||
puzzle-daily-thread = Daily puzzle { $date }
puzzles-stats = Puzzles: rating { $rating }, { $solved } of { $tried } solved at the first try, best streak { $best }.
settings-puzzle-in = in { $channel } at { $hour }:00 UTC
settings-puzzle-off = off
settings-puzzle-hour-range = the daily puzzle's hour is from 0 to 23 (UTC)
button-puzzle-next = Next puzzle
button-puzzle-retry = Retry
button-puzzle-solution = Solution
button-puzzle-solve = Solve
cmd-puzzle-name = puzzle
cmd-puzzle-description = Solve a puzzle from real games, near your puzzle rating (only you see it)
opt-daily-name = daily
opt-daily-description = Today's puzzle, the same for everyone
opt-puzzle-channel-name = puzzle-channel
opt-puzzle-channel-description = Post a daily puzzle in this channel, with a thread for talk
opt-puzzle-hour-name = puzzle-hour
opt-puzzle-hour-description = The hour (UTC, 0 to 23) of the daily puzzle's post (default 0)
opt-puzzle-off-name = puzzle-off
opt-puzzle-off-description = Stop posting the daily puzzle

## Evaluation graph axes

# Before the turn numbers under the graph (lower case: it reads as "turn 10 20 30").
graph-axis-turn = turn

# Challenges: reminders and withdrawing (the first minutes)

challenge-reminder = { $mention }, { $name }'s challenge waits for your answer: it closes <t:{ $until }:R>.
button-withdraw = Withdraw
settings-challenge-days = { $days ->
    [one] 1 day
   *[other] { $days } days
}
opt-challenge-days-name = challenge-days
opt-challenge-days-description = How many days a challenge waits for an answer, { $min } to { $max } (default { $default })
settings-challenge-days-range = a challenge waits { $min } to { $max } days

# Aborting a game before both players have moved

button-abort = Abort
game-aborted-by = Game #{ $id } aborted by { $name } before both players had moved: no result, not rated.
abort-too-late = game #{ $id } is under way: both players have moved, so it can only be resigned or drawn now
abort-tournament = game #{ $id } is a tournament game: it cannot be aborted (a player who never moves loses it)

# Help and the first minutes

help-quick-start = **Kiela in three steps**
    1. Start a game: `/kiela challenge opponent:@friend`, or `/kiela ai` to play the computer.
    2. On your turn, pick a hole in the menu under the board: its stones are sown one by one round your two rows. Ending in an occupied hole relays (you sow its stones on); ending in your inner row facing your opponent's stones captures them.
    3. Whoever cannot move loses. Learn: `/kiela learn`; train: `/kiela puzzle`.
    The picture: North sowed G4, relayed twice, captured C2 and C1.
    Managers: `/kiela settings language:pt` sets the server's language (only Community servers report it).
rules-learn-more = The picture shows a relay and a capture. New to Kiela? `/kiela learn` teaches it one idea at a time.
cmd-help-name = help
cmd-help-description = Kiela in three steps, with a picture (only you see it)

# The welcome, once, when the bot joins a server

welcome = Hello! I'm the Kiela bot: Kiela is the four-row mancala of northern Angola. Start with `/kiela help`, challenge someone with `/kiela challenge`, play the computer with `/kiela ai`, or learn with `/kiela learn`. Managers: only Community servers tell the bot their language, so set it with `/kiela settings language:pt` (or `en`); the same command picks a games channel and a daily puzzle.

## Try before you sow, Take back, the draw offer's line (issue 26)

move-preview = **Preview** (nothing is played yet), game #{ $id }, turn { $turn }: { $path }
    Play { $hole }, or cancel and pick another hole.
move-preview-cancelled = Not played: game #{ $id } is as it was. Pick a hole again from its board's menu.
move-preview-cancelled-late = Not played, and game #{ $id } has moved on since this preview.
button-play-move = Play { $hole }
button-cancel-move = Cancel
opt-confirm-moves-name = confirm-moves
opt-confirm-moves-description = Show a move picked in a menu first, with Play and Cancel (default: games with days per move)
choice-confirm-moves-always = Always
choice-confirm-moves-correspondence = In games with days per move (between people)
choice-confirm-moves-never = Never: a hole picked is played at once
confirm-moves-always = A hole you pick in a menu is now shown first, privately, with Play and Cancel, in every game.
confirm-moves-correspondence = A hole you pick in a menu is shown first, with Play and Cancel, in games between people with days per move; against the AI it is played at once.
confirm-moves-never = A hole you pick in a menu is now played at once.
my-settings = Direct messages: { $dm }. Move previews: { $confirm }. Change them with the options of `/kiela notify`.
button-take-back = Take back
takeback-between-people = turns can be taken back only in games against the AI, which are never rated: in a game between people, every move stands
takeback-over = game #{ $id } is over: no turn can be taken back
takeback-nothing = you have no turn to take back in game #{ $id } yet
takeback-done = { $name } took back turn { $turn } and { $ai }'s reply in game #{ $id }.
takeback-done-alone = { $name } took back turn { $turn } in game #{ $id }.
result-takebacks = { $count ->
    [one] With 1 turn taken back.
   *[other] With { $count } turns taken back.
}
draw-line-accepted = Accepted.
draw-line-declined = Declined.
draw-line-lapsed = Lapsed: the game went on.
draw-line-ended = The game ended.

## Games follow their place (app/places)

place-refused-unknown-channel = its thread or channel was deleted
place-refused-missing-access = the bot can no longer see its thread or channel
place-refused-missing-permissions = the bot may no longer post in its thread or channel
game-moved-here = Game #{ $id } is played here from now on: { $why }.
game-paused-dm = Game #{ $id } is paused ({ $why }); nobody loses on time. Use `/kiela board` in any channel the bot can post in to resume there with a full clock.
game-paused-act-in-server = Game #{ $id } is paused: the bot can no longer post where it was played. Use `/kiela board` or `/kiela move` in a channel of its server to play it there from now on.
place-bot-not-in-server = This needs the Kiela bot in this server, and here only the app someone installed for themselves answers. A server manager can add the bot with this link: { $link }
game-resumed-here = Game #{ $id } is played here from now on, and its clock runs again: the player to move has the full time per move.
