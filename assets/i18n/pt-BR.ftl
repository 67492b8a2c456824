# Mensagens do Kiela em português do Brasil (o locale pt-BR do Discord).
#
# Os termos do jogo, e as palavras a evitar, estão em GLOSSARY.md (um teste
# recusa as palavras da coluna "não"). Escreva um português que se leia bem
# em Luanda e em São Paulo: onde os dois diferem, a palavra que ambos
# entendem (gravar, não salvar; histórico, não registro; "continua a
# semear", não o gerúndio).
#
# Plurais: o singular é a variante [1], nunca [one]. As regras do CLDR para
# `pt` põem o 0 em `one` ("0 vitória"); com [1], o 0 cai em *[other]
# ("0 vitórias"). Um teste mostra cada mensagem com 0, 1, 2, 5 e 1000.
#
# Cada chave existe também em en.ftl, com as mesmas variáveis (um teste
# confere). Mensagens que o bot encaixa numa frase começam em minúscula.

## Nomes

side-south = Sul
side-north = Norte
variant-standard = Padrão
variant-beginner = Iniciante
variant-expert = Especialista
level-beginner = iniciante
level-easy = fácil
level-medium = médio
level-hard = difícil
level-expert = especialista
language-en = English
language-pt = Português (Brasil)
user-fallback = usuário { $id }

## Contagens

count-wins = { $count ->
    [1] { $number } vitória
   *[other] { $number } vitórias
}
count-losses = { $count ->
    [1] { $number } derrota
   *[other] { $number } derrotas
}
count-draws = { $count ->
    [1] { $number } empate
   *[other] { $number } empates
}
count-days = { $count ->
    [1] { $count } dia
   *[other] { $count } dias
}
count-hours = { $count ->
    [1] { $count } hora
   *[other] { $count } horas
}
count-stones = { $count ->
    [1] { $count } semente
   *[other] { $count } sementes
}
count-games = { $count ->
    [1] { $count } partida
   *[other] { $count } partidas
}

## O texto do tabuleiro

result-line = **{ $result }**
result-resigned = { $winner } venceu: { $loser } desistiu.
result-timeout = { $winner } venceu: o tempo de { $loser } acabou.
result-no-moves = { $winner } venceu: { $loser } ficou sem jogadas.
result-won = { $winner } venceu.
result-agreement = Empate por acordo.
result-repetition = Empate: a mesma posição apareceu pela terceira vez.
result-draw = Empate.
game-over-for = Fim de partida para { $players }.
rating-change = { $name } { $rating } ({ $change })
your-move = { $mention } ({ $side }), sua vez (sem limite de tempo).
your-move-before = { $mention } ({ $side }), sua vez (até <t:{ $deadline }:f>, <t:{ $deadline }:R>).
may-rearrange = Você também pode redistribuir suas sementes: o botão **Redistribuir** abre um formulário (ou digite `/kiela redistribuir`).
thinking = { $name } pensa na jogada…
show-headline = Partida #{ $id }, { $ply ->
    [0] no início
   *[other] jogada { $ply }
}.
move-played-board-follows = Jogada feita na partida #{ $id }; o tabuleiro aparece em seguida.
posted-elsewhere = A partida é jogada em <#{ $channel }>: o tabuleiro é publicado lá.
played-elsewhere = A partida #{ $id } é jogada em <#{ $channel }>.
resigned = { $name } desistiu da partida #{ $id }.
ran-out-of-time = { $name } ficou sem tempo na partida #{ $id }.

## O tabuleiro desenhado, suas animações e seu texto alternativo
## (src/render). Curtas: são desenhadas em caixas de largura fixa.

board-player = { $name } ({ $side })
board-wins = { $player ->
    [Sul] O Sul
    [Norte] O Norte
   *[other] { $player }
} vence: { $why }
board-draw = Empate { $why }
board-why-no-moves = o { $loser } não tem jogada possível
board-why-resigned = o { $loser } desistiu
board-why-timeout = o { $loser } ficou sem tempo
board-why-repetition = por tripla repetição
board-why-agreement = por acordo
board-why-other-no-moves = por falta de jogadas
board-why-other-resignation = por desistência
board-why-other-timeout = por tempo esgotado
board-band-to-move = { $side } · joga
board-band-winner = { $side } · vence
board-band-sowing = { $side } · semeia
board-caption-sow = O { $side } semeia { $hole }
board-caption-relay = recolhe { $hole }
board-caption-capture = { $hole } captura { $holes } ({ $count })
board-status = { $variant } · { $ply ->
    [0] início
   *[other] jogada { $ply }
}
board-status-game = Partida #{ $id } · { $variant } · { $ply ->
    [0] início
   *[other] jogada { $ply }
}
board-to-move = vez do { $side }
board-last-move = última jogada:
board-rearranged = redistribuiu
board-took = capturou { $count }
board-after-turns = { $count ->
    [1] após { $count } jogada
   *[other] após { $count } jogadas
}
graph-title = Avaliação
move-verdict-blunder = erro grave
move-verdict-mistake = erro
move-verdict-inaccuracy = imprecisão
board-path-sowed = { $mover ->
    [Sul] o Sul
    [Norte] o Norte
   *[other] { $mover }
} semeou { $hole }
board-path-relay = recolheu { $hole }
board-path-captured = { $hole } capturou { $holes } ({ $count })
board-path-ended = terminou em { $hole }.
board-plan-sow = Semear { $hole }
board-plan-relay = recolheria { $hole }
board-plan-capture = { $hole } capturaria { $holes } ({ $count })
board-plan-end = terminaria em { $hole }.
board-path-rearranged = { $mover ->
    [Sul] o Sul
    [Norte] o Norte
   *[other] { $mover }
} redistribuiu suas sementes.
board-path-relays = { $count ->
    [1] { $count } recolha
   *[other] { $count } recolhas
}
board-path-captures = { $count ->
    [1] { $count } captura
   *[other] { $count } capturas
}
board-alt-title = Tabuleiro de Kiela, { $status }.
board-alt-over = Fim da partida. { $outcome }.
board-alt-to-move = { $player ->
    [Sul] Vez do Sul
    [Norte] Vez do Norte
   *[other] Vez de { $player }
}.
board-alt-to-move-time = { $player ->
    [Sul] Vez do Sul
    [Norte] Vez do Norte
   *[other] Vez de { $player }
}, { $time }.
board-alt-last-move = Última jogada: { $path }
board-alt-side = { $player }, { $stones }:
board-alt-row = Fileira { $row }, de A a J: { $counts }.

## Escolher a partida

no-game-here = você não tem partida em andamento neste canal; comece uma com `/kiela desafiar` ou `/kiela ia`
which-game = você tem { $count } partidas aqui ({ $games }); diga qual com a opção `partida`

## Jogadas recusadas (as recusas das regras, como o jogador as lê)

illegal-with-moves = { $error }. Suas jogadas possíveis: { $moves }
game-is-over = a partida #{ $id } terminou. { $outcome }
illegal-not-your-hole = { $hole } é uma casa do { $owner }
illegal-empty = { $hole } está vazia
illegal-too-few = { $hole } tem uma só semente; na variante { $variant }, é preciso ter pelo menos { $min } para semear
illegal-endless = semear a partir de { $hole } nunca terminaria
illegal-not-expert = redistribuir só é permitido na variante Especialista
illegal-rearrangement-used = só é possível redistribuir na sua primeira jogada
illegal-game-over = a partida terminou: { $outcome }
bad-hole = `{ $text }` não é uma casa: use uma coluna de A a J e uma fileira de 1 a 4, como C2
bad-variant = `{ $text }` não é uma variante: use standard, beginner ou expert
bad-level = `{ $text }` não é um nível: use beginner, easy, medium, hard ou expert
layout-wrong-length = a distribuição tem { $count } números; são necessários 20 (sua fileira de cima A-J, depois a de baixo A-J)
layout-not-a-number = `{ $text }` não é um número inteiro de sementes
layout-negative = `{ $text }` é negativo; uma casa tem 0 ou mais sementes
layout-too-large = `{ $text }` é mais sementes do que o tabuleiro inteiro tem
layout-misplaced-slash = a `/` deve separar suas duas fileiras de 10 números, e aparecer no máximo uma vez
layout-wrong-total = a distribuição tem { $layout } sementes; você tem { $have }

## Erros

error-not-your-game = esta partida não é sua: só os dois jogadores podem agir nela
error-not-your-turn = não é a sua vez: é a vez do { $side }
error-out-of-date = este tabuleiro está desatualizado: aqui está o atual
error-conflict = outra pessoa agiu nesta partida no mesmo instante; veja o tabuleiro de novo e tente outra vez
error-no-such-game = a partida #{ $id } não existe
error-internal = erro interno: { $detail }
error-busy = a partida #{ $id } demora a carregar (verificar semeaduras longas leva tempo): tente de novo daqui a um minuto
error-sorry = Desculpe, algo deu errado do nosso lado e a ação pode não ter sido gravada. Veja o tabuleiro com `/kiela tabuleiro` e tente de novo daqui a pouco.

## Empates

draw-already-over = a partida #{ $id } já terminou
already-over = a partida #{ $id } já terminou. { $outcome }
draw-bot-refuses = { $name } não aceita empates; continue a partida ou desista
draw-accepted = { $name } aceitou o empate na partida #{ $id }.
draw-already-offered = você já ofereceu empate; seu adversário pode aceitar com `/kiela empate`
draw-offered = { $name } oferece empate na partida #{ $id }. { $mention }
draw-pending = { $name } oferece empate: { $opponent } pode aceitar ou recusar.
draw-own-offer = foi você quem ofereceu este empate; só { $name } pode aceitar ou recusar
draw-declined = { $name } recusou o empate na partida #{ $id }. { $mention }, a partida continua.

## Desafios

challenge-self = você não pode ser o seu próprio adversário; experimente `/kiela ia` para treinar
challenge-a-bot = { $name } é um bot e não joga; desafie uma pessoa
challenge-needs-server = desafios entre pessoas são feitos num servidor ou numa DM em grupo: use `/kiela desafiar` num canal de um servidor que vocês dois frequentam ou numa DM em grupo com essa pessoa (aqui, `/kiela ia` joga contra o bot)
challenge-other-server = o desafio #{ $id } é de outro servidor: responda lá, ou pela mensagem direta dele
first-named = { $name } começa
first-random = quem começa é sorteado
first-acceptor = quem aceitar começa
challenge = { $mention }, { $name } desafia você para uma partida de Kiela ({ $variant }, { $first }, { $days ->
    [1] { $days } dia
   *[other] { $days } dias
} por jogada). Aceite ou recuse no prazo de { $within ->
    [1] 1 dia
   *[other] { $within } dias
}.
no-such-challenge = o desafio #{ $id } não existe
challenge-not-for-you = este desafio não é para você
challenge-only-challenger = só quem desafiou pode cancelar este desafio
challenge-closed = este desafio não está mais aberto (foi { $status ->
    [accepted] aceito
    [declined] recusado
    [cancelled] cancelado
    [expired] expirado
   *[other] { $status }
})
challenge-expired = este desafio expirou; peça um novo
nobody-challenged = ninguém desafiou você
no-open-challenge = você não tem desafio aberto
many-challenges = você tem { $count } desafios abertos ({ $ids }); use os botões daquele que quer
challenge-answered = este desafio já foi respondido
challenge-accepted = { $name } aceitou o desafio: começa a partida #{ $id } ({ $variant }).
challenge-declined = { $name } recusou o desafio de { $mention }.
challenge-withdrawn = { $name } retirou o desafio feito a { $mention }.
challenge-withdrawn-open = { $name } retirou seu desafio aberto.
challenge-open = { $name } desafia qualquer pessoa aqui para uma partida de Kiela ({ $variant }, { $first }, { $days ->
    [1] { $days } dia
   *[other] { $days } dias
} por jogada). Quem clicar em Aceitar primeiro, no prazo de { $within ->
    [1] 1 dia
   *[other] { $within } dias
}, joga.
challenge-taken = { $name } já aceitou este desafio (partida #{ $id })
challenge-open-no-decline = só quem fez um desafio aberto pode retirá-lo: para jogar, clique em Aceitar
challenge-expired-to = { $mention }, seu desafio para { $name } expirou: ninguém respondeu a tempo.
challenge-expired-open = { $mention }, seu desafio aberto expirou: ninguém aceitou a tempo.
challenge-note = *{ $note }*
challenge-status-accepted = Aceito por { $name }: partida #{ $id }.
challenge-status-declined = Recusado por { $name }.
challenge-status-withdrawn = Retirado.
challenge-status-expired = Expirado: ninguém respondeu a tempo.
rematch-challenge = { $mention }, { $name } pede uma revanche da partida #{ $id } ({ $variant }, { $first }, { $days ->
    [1] { $days } dia
   *[other] { $days } dias
} por jogada). Aceite ou recuse no prazo de { $within ->
    [1] 1 dia
   *[other] { $within } dias
}.
rematch-exists = a revanche da partida #{ $id } já foi pedida ou começou
rematch-not-over = a partida #{ $id } ainda está em andamento; a revanche vem depois do fim
ai-game = Partida #{ $id }: { $name } contra { $bot } ({ $level }), { $variant }.
bad-days = o tempo por jogada deve ser de { $min } a { $max } dias, não { $days }
quota-challenges = você já tem { $max } desafios à espera de resposta: retire um (botão Recusar ou Retirar) ou espere que sejam respondidos ou expirem ({ $days ->
    [1] um dia
   *[other] { $days } dias
} depois de enviados)
quota-ai-games = você já joga { $max } partidas contra a IA; termine uma, ou desista dela com `/kiela desistir partida:`, antes de começar outra

## Listas e números

no-games = Você não tem partida em andamento. Comece uma com `/kiela desafiar` ou `/kiela ia`.
games-line = { $game } contra { $opponent } ({ $variant }, você é o { $side }) em <#{ $channel }>: { $ply ->
    [0] no início
   *[other] jogada { $ply }
}, { $turn }
turn-yours = **sua vez** (sem limite de tempo)
turn-yours-before = **sua vez** (até <t:{ $deadline }:R>)
turn-theirs = vez de { $name }
history = Partida #{ $id }:
history-attached = O histórico ({ $plies } jogadas) é longo demais para uma mensagem: segue em anexo.
history-alt-text = Partida #{ $id }, { $south } contra { $north }: o tabuleiro depois de { $turns ->
    [1] { $turns } jogada
   *[other] cada uma das { $turns } jogadas
}, com o caminho de cada jogada.
history-alt-text-end = Partida #{ $id }, { $south } contra { $north }: o tabuleiro depois de cada uma das últimas { $shown } jogadas (de { $turns }: a partida inteira seria grande demais para o Discord), com o caminho de cada jogada.
provisional = ? (provisório)
stats = **{ $name }**: rating { $rating }{ $provisional } ± { $deviation }; { $wins }, { $losses }, { $draws } neste servidor; { $ongoing ->
    [1] { $ongoing } partida em andamento
   *[other] { $ongoing } partidas em andamento
}.
leaderboard-empty = Ainda não há partidas com rating neste servidor: desafie alguém com `/kiela desafiar`.
leaderboard-title = **Classificação**
leaderboard-provisional = ? provisório: menos de { $count ->
    [1] { $count } partida com rating
   *[other] { $count } partidas com rating
} neste servidor, listado depois dos jogadores estabelecidos.
notify-every-turn = Você vai receber uma mensagem direta sempre que for a sua vez, com o tabuleiro e o menu de jogadas (você pode jogar por lá), e os seus lembretes.
notify-reminders = Você também vai receber os seus lembretes por mensagem direta, com o tabuleiro e o menu de jogadas.
notify-off = Sem mais mensagens diretas: os avisos de que é a sua vez e os lembretes só nos canais das partidas.
choice-won = você venceu
choice-lost = você perdeu
choice-drawn = empate
choice-your-move = sua vez
choice-their-move = vez de { $name }
choice-label = #{ $id } contra { $opponent }: { $state }

## Partidas ao longo de dias

reminder = Lembrete: é a sua vez na partida #{ $id }, e { $hours ->
    [1] resta { $hours } hora
   *[other] restam { $hours } horas
} (até <t:{ $until }:f>). Se o tempo acabar, você perde a partida.
dm-note = { $text } (em <#{ $channel }>)

## Rever uma jogada

analysis-title = **Análise da partida #{ $id }**: { $count ->
    [0] nenhum erro.
    [1] { $count } erro.
   *[other] { $count } erros.
}
analysis-line = Jogada { $ply }, { $name } { $move }: { $verdict }, { $loss } sementes perdidas. { $best } as teria mantido.
analysis-line-missed-win = Jogada { $ply }, { $name } { $move }: { $verdict }, deixou escapar uma vitória forçada. { $best } teria vencido à força.
analysis-line-forced-loss = Jogada { $ply }, { $name } { $move }: { $verdict }, deu ao adversário uma vitória forçada. { $best } teria resistido.
analysis-shared = Publicada por { $name }.
button-share = Publicar
analysis-alt = Gráfico de avaliação da partida #{ $id } em { $plies } jogadas, { $south } à frente acima da linha, { $north } abaixo; { $count } erros marcados.
analysis-progress = Análise da partida #{ $id }… { $done }/{ $total }
analysis-ongoing = a partida #{ $id } ainda está em andamento, e analisá-la seria uma ajuda externa durante a partida: peça de novo quando ela terminar
analysis-ongoing-ai = a partida #{ $id } contra a IA ainda está em andamento: termine-a (ou desista) e depois analise-a
analysis-no-moves = a partida #{ $id } não tem jogadas para analisar
analysis-cooldown = você começou uma análise há pouco: pode começar outra em { $seconds ->
    [1] 1 segundo
   *[other] { $seconds } segundos
} (uma análise já feita aparece na hora)
watch-no-turn = a partida #{ $id } não tem a jogada { $turn }: até agora tem { $count }
watch-text = Partida #{ $id }, jogada { $turn }: { $path }
watch-rearrangement = essa jogada foi uma redistribuição: não há semeadura para assistir, e o tabuleiro dela mostra a nova distribuição

## Configurações do servidor

settings-only-in-servers = configurações só existem dentro de um servidor
settings-managers-only = só quem pode gerenciar este servidor (a permissão Gerenciar servidor) pode mudar as configurações
settings-saved = Gravado.
settings-now =
    Configurações deste servidor:
    • idioma das mensagens públicas: { $language }
    • partidas em tópicos: { $threads }
    • dias por jogada quando o desafio não diz: { $days }
    • partidas jogadas em: { $channel }
    • desafios esperam: { $challenge_days }
    • problema do dia: { $puzzle }
    Quem gerencia o servidor pode mudá-las com `/kiela configurações`.
settings-auto-language = automático ({ $language }, o do próprio servidor)
settings-threads-auto = onde o bot puder abri-los
settings-threads-on = sempre
settings-threads-off = nunca (no canal)
settings-channel-anywhere = o canal de cada desafio

## As regras

rules-summary = **Kiela**: 4 fileiras de 10 casas; as duas do seu lado são suas.
    • Na sua vez: semeie uma casa sua com 2 sementes ou mais (Iniciante: 1), uma por casa, em sentido anti-horário, nas suas fileiras.
    • Última semente numa casa vazia: a jogada termina.
    • Numa casa interior ocupada, diante de uma casa ocupada: capture-a, e a exterior atrás dela, e semeie o que capturou.
    • Em qualquer outra casa ocupada: recolha e continue a semear. Uma recolha sem fim não é permitida.
    • Sem jogada possível, perde. A mesma posição pela terceira vez: empate. Especialista: na 1ª jogada, pode redistribuir as sementes.

## Botões e menus

button-accept = Aceitar
button-decline = Recusar
button-offer-draw = Oferecer empate
button-resign = Desistir
button-watch = Rever a jogada
button-analyse = Analisar
button-confirm-resign = Sim, desistir
button-accept-draw = Aceitar empate
button-decline-draw = Recusar empate
button-rematch = Revanche
button-arrange = Redistribuir
button-confirm-arrange = Confirmar
button-edit-arrange = Editar
button-reopen-arrange = Abrir o formulário de novo
menu-sow-from = Semear a partir de…
menu-hole = { $hole } ({ $stones ->
    [1] { $stones } semente
   *[other] { $stones } sementes
})
choose-hole = Escolha uma casa no menu.
old-button = Este botão é de uma versão antiga do bot; use `/kiela tabuleiro`.
confirm-resign = Desistir da partida #{ $id }? Você perde a partida; isso não pode ser desfeito.

## O formulário de redistribuição (Especialista); título e rótulos têm no
## máximo 45 caracteres

arrange-form-title = Redistribuir sementes (partida #{ $id })
arrange-form-upper = Fileira de cima no desenho (fileira { $row }), A-J
arrange-form-lower = Fileira de baixo no desenho (fileira { $row }), A-J
arrange-row-count = sua fileira de { $which ->
    [upper] cima
   *[lower] baixo
} tem { $count } números; ela precisa de 10, um para cada casa de A a J
arrange-preview = Suas sementes na partida #{ $id } depois desta redistribuição, se você confirmar (nada foi jogado ainda):

## Ler o comando

parse-no-subcommand = use `/kiela` com um subcomando, por exemplo `/kiela regras`
parse-which-hole = diga qual casa, por exemplo C2
parse-layout = informe a distribuição
parse-which-game = diga qual partida
parse-unknown = `/kiela { $name }` não é um comando que eu conheço

## O comando como o Discord o mostra: nomes (minúsculos, sem espaços, até
## 32 caracteres) e descrições (até 100 caracteres).

cmd-kiela-name = kiela
cmd-kiela-description = Jogue Kiela, o jogo de mancala de quatro fileiras do norte de Angola
cmd-challenge-name = desafiar
cmd-challenge-description = Desafie alguém para uma partida (escolha o bot para jogar contra a IA)
cmd-ai-name = ia
cmd-ai-description = Jogue contra o computador
cmd-move-name = semear
cmd-move-description = Semeie a partir de uma das suas casas
cmd-arrange-name = redistribuir
cmd-arrange-description = Especialista: redistribua suas sementes antes da sua primeira jogada
cmd-resign-name = desistir
cmd-resign-description = Desista de uma partida
cmd-draw-name = empate
cmd-draw-description = Ofereça empate, ou aceite a oferta do seu adversário
cmd-board-name = tabuleiro
cmd-board-description = Mostre o tabuleiro de uma partida
cmd-games-name = partidas
cmd-games-description = Liste suas partidas em andamento
cmd-history-name = histórico
cmd-history-description = O histórico de uma partida
cmd-analyze-name = analisar
cmd-analyze-description = A análise do computador de uma partida terminada: gráfico de avaliação, erros e erros graves
cmd-stats-name = estatísticas
cmd-stats-description = Rating e resultados neste servidor
cmd-leaderboard-name = classificação
cmd-leaderboard-description = Os melhores jogadores deste servidor
cmd-rules-name = regras
cmd-rules-description = Como jogar Kiela
cmd-notify-name = avisos
cmd-notify-description = As suas preferências: mensagens diretas e a prévia das jogadas que você escolhe
cmd-settings-name = configurações
cmd-settings-description = As configurações do bot neste servidor (só para quem gerencia)
opt-game-name = partida
opt-game-description = O número da partida (deixe em branco para a sua partida aqui)
opt-variant-name = variante
opt-variant-description = Quais regras (padrão: Padrão)
opt-opponent-name = adversário
opt-opponent-description = Contra quem você quer jogar (em branco: qualquer pessoa aqui pode aceitar)
opt-first-name = primeiro
opt-first-description = Quem começa (padrão: sorteio)
opt-days-name = dias
opt-days-description = Dias por jogada, de { $min } a { $max } (padrão: o do servidor, { $default } se não mudou; contra a IA: sem limite)
opt-level-name = nível
opt-level-description = Qual a força (padrão: médio)
opt-hole-name = casa
opt-hole-description = A casa, por exemplo C2
opt-layout-name = distribuição
opt-layout-description = 20 números: sua fileira de cima A-J, depois a de baixo A-J, como no tabuleiro
opt-user-name = jogador
opt-user-description = De quem (padrão: você)
opt-dm-name = mensagem-direta
opt-dm-description = Quais mensagens diretas você quer
opt-language-name = idioma
opt-language-description = O idioma das mensagens públicas do bot neste servidor
opt-threads-name = tópicos
opt-threads-description = Jogar cada partida num tópico próprio (padrão: onde o bot puder abrir um)
opt-settings-days-name = dias
opt-settings-days-description = Dias por jogada quando o desafio não diz, de { $min } a { $max }
opt-games-channel-name = canal-das-partidas
opt-games-channel-description = Jogar todas as partidas do servidor neste canal (os tópicos abrem nele)
opt-anywhere-name = qualquer-canal
opt-anywhere-description = Jogar as partidas onde forem desafiadas (esquece o canal das partidas)
choice-variant-standard = Padrão
choice-variant-beginner = Iniciante
choice-variant-expert = Especialista (redistribuir antes da primeira jogada)
choice-first-me = Eu
choice-first-them = Meu adversário
choice-first-computer = O computador
choice-first-random = Sorteio
choice-level-beginner = Iniciante
choice-level-easy = Fácil
choice-level-medium = Médio
choice-level-hard = Difícil
choice-level-expert = Especialista
choice-language-auto = Automático (o idioma do servidor)
choice-language-en = English
choice-language-pt = Português (Brasil)

## Avisos e relógios justos

reminder-first-move = Lembrete: é a sua primeira jogada na partida #{ $id }, e { $hours ->
    [1] resta { $hours } hora
   *[other] restam { $hours } horas
} (até <t:{ $until }:f>). Se o tempo acabar antes dela, a partida é anulada.
game-aborted = Partida #{ $id } anulada: { $name } não fez a primeira jogada a tempo.
aborted-line = **Sem resultado**: uma partida anulada não conta para o rating.
game-was-aborted = a partida #{ $id } foi anulada (sem resultado): comece outra com `/kiela desafiar`
history-aborted = (anulada: sem resultado, não conta para o rating)
outcome-aborted = Anulada: sem resultado.
choice-aborted = anulada
reminder-first-move-tournament = Lembrete: é a sua primeira jogada na partida #{ $id } do torneio, e { $hours ->
    [1] resta { $hours } hora
   *[other] restam { $hours } horas
} (até <t:{ $until }:f>). Se o tempo acabar antes dela, você perde a partida por ausência e sai do torneio.
game-forfeited = Partida #{ $id } perdida por ausência: { $name } não fez a primeira jogada a tempo, perde esta partida do torneio e sai do torneio.
forfeit-line = **Derrota por ausência**: quem nunca jogou perde a partida no torneio; ela não conta para o rating.
game-was-forfeited = a partida #{ $id } foi perdida por ausência: um jogador nunca fez a primeira jogada
history-forfeit = (derrota por ausência: quem nunca jogou perdeu no torneio; não conta para o rating)
outcome-forfeit = Derrota por ausência: { $name } nunca jogou e perde a partida.
choice-forfeit = perdida por ausência
choice-dm-every-turn = Sempre que for a sua vez (e lembretes)
choice-dm-reminders = Só lembretes
choice-dm-off = Nenhuma
cmd-vacation-name = férias
cmd-vacation-description = Pausar os relógios de todas as suas partidas por alguns dias (0 encerra as férias)
opt-vacation-days-name = dias
opt-vacation-days-description = Dias de férias, de 1 a { $allowance } por ano (0: de volta agora)
parse-vacation-days = diga quantos dias, por exemplo `/kiela férias dias:7`
vacation-bad-days = { $days } dias não são férias: peça de 1 a { $allowance } dias, ou 0 para encerrar as suas
vacation-too-long = { $left ->
    [1] resta a você { $left } dia de férias
   *[other] restam a você { $left } dias de férias
} este ano ({ $allowance } por ano): peça no máximo isso
vacation-not-on = você não está de férias: `/kiela férias dias:7` começa as suas
vacation-started = { $name } está de férias até <t:{ $until }:f> (<t:{ $until }:R>): na partida #{ $id }, o relógio fica parado até lá.
vacation-ended = { $name } voltou das férias: na partida #{ $id }, o relógio volta a correr.
vacation-on = Você está de férias até <t:{ $until }:f> (<t:{ $until }:R>), { $days ->
    [1] { $days } dia
   *[other] { $days } dias
}. { $games ->
    [0] Nenhum prazo seu estava em curso;
    [1] 1 prazo seu foi adiado pelo mesmo tempo;
   *[other] { $games } prazos seus foram adiados pelo mesmo tempo;
} nas partidas em que é a vez do adversário, o seu prazo começa a contar depois das férias. Seus adversários foram avisados. Férias restantes este ano: { $left ->
    [1] { $left } dia
   *[other] { $left } dias
}.
vacation-off = De volta! As suas férias acabaram. { $back ->
    [0] Não sobrou nenhum dia inteiro para devolver.
    [1] 1 dia não usado foi devolvido e descontado dos prazos que tinha adiado.
   *[other] { $back } dias não usados foram devolvidos e descontados dos prazos que tinham adiado.
} Férias restantes este ano: { $left ->
    [1] { $left } dia
   *[other] { $left } dias
}.
stats-vacation-left = Férias restantes: { $days ->
    [1] { $days } dia
   *[other] { $days } dias
}.
choice-threads-auto = Onde o bot puder abri-los
choice-threads-on = Sempre
choice-threads-off = Nunca (no canal)

## Tópicos

game-started-line = { $mentions }{ $headline } A partida é jogada no tópico dela.
thread-name = Kiela #{ $id }: { $south } x { $north }
game-ended-line = **Partida #{ $id }** — { $outcome } <#{ $thread }>
permission-send-messages = Enviar mensagens
permission-attach-files = Anexar arquivos
permission-create-public-threads = Criar tópicos públicos
permission-send-messages-in-threads = Enviar mensagens em tópicos
permissions-missing = { $count ->
    [1] Falta ao bot a permissão { $permissions } em <#{ $channel }>, de que as partidas ali precisam. Quem gerencia o servidor pode concedê-la ao bot (Configurações do servidor → Cargos, ou as permissões do canal) ou escolher onde as partidas acontecem com `/kiela configurações`.
   *[other] Faltam ao bot as permissões { $permissions } em <#{ $channel }>, de que as partidas ali precisam. Quem gerencia o servidor pode concedê-las ao bot (Configurações do servidor → Cargos, ou as permissões do canal) ou escolher onde as partidas acontecem com `/kiela configurações`.
}

## Dicas

hint-headline = **Dica** para a partida #{ $id }: semeie { $hole }. { $path } O tabuleiro abaixo mostra como ficaria.
button-play-hint = Jogar { $hole }
hint-between-people = dicas só existem em partidas contra a IA (numa partida entre pessoas seriam uma ajuda externa)
hint-over = a partida #{ $id } terminou: não há dica a dar
analysis-shared-already = a análise da partida #{ $id } já foi publicada aqui, por { $mention } <t:{ $at }:R>: [veja]({ $link })
analysis-shared-already-here = a análise da partida #{ $id } já foi publicada aqui, por { $mention } <t:{ $at }:R>, mais acima neste canal ou tópico
result-hints = { $count ->
    [1] Com 1 dica.
   *[other] Com { $count } dicas.
}
button-hint = Dica
cmd-hint-name = dica
cmd-hint-description = A jogada do motor para você, em privado (partidas contra a IA; contada no resultado)

## Revisão

review-headline = Revisão da partida #{ $id }, jogada { $ply } de { $last }: { $name } jogou { $move }. { $judged }
review-judged = Veredito: { $verdict }, { $loss } sementes perdidas; o motor preferia { $best }.
review-missed-win = Veredito: { $verdict }, uma vitória forçada que escapou; { $best } teria vencido à força.
review-forced-loss = Veredito: { $verdict }, deu ao adversário uma vitória forçada; { $best } teria resistido.
review-best = A escolha do motor também.
review-good = Boa o bastante; o motor preferia { $best }.
button-review = Revisar
button-first = « Primeira
button-previous = ‹ Anterior
button-next = Próxima ›
button-last = Última »
button-previous-mistake = ‹ Erro anterior
button-next-mistake = Próximo erro ›
clock-outage = O bot ficou fora do ar por { $hours ->
    [1] uma hora
   *[other] { $hours } horas
}: o prazo da partida #{ $id } foi adiado na mesma medida, para ninguém perder por tempo por isso.
error-other-server = a partida #{ $id } é de outro servidor: peça lá (ou, se você joga nela, em mensagem direta ao bot)
error-left-server = você não é mais membro do servidor da partida #{ $id }, então não pode jogá-la; ela segue pelo relógio, como sempre

## Torneios

tournament-only-in-servers = os torneios são jogados num servidor: crie ou entre num torneio lá
tournament-bad-name = o nome de um torneio tem de 1 a { $max } caracteres
tournament-bad-size = um torneio recebe de { $min } a { $max } jogadores
tournament-rounds-swiss-only = só um torneio suíço tem número de rodadas: num todos-contra-todos jogam-se todos os emparelhamentos
tournament-bad-rounds = um torneio suíço tem de 1 a { $max } rodadas
tournament-too-many = este servidor já tem { $max } torneios abertos ou em curso: termine ou cancele um primeiro
tournament-too-many-yours = você já organiza { $max } torneios abertos ou em curso: termine ou cancele um primeiro
tournament-already-in = você já está em { $name }
tournament-full = { $name } está completo
tournament-closed = { $name } já não recebe jogadores
tournament-joined = Você está em **{ $name }**. Suas partidas começam quando o torneio começar; você será mencionado no tópico de cada partida.
tournament-joined-late = Você está em **{ $name }** a partir da próxima rodada: { $missed ->
    [1] a rodada que perdeu conta ½ ponto.
   *[other] as { $missed } rodadas que perdeu contam ½ ponto cada.
}
tournament-not-in = você não joga em { $name }
tournament-already-started = { $name } já começou
tournament-over = { $name } { $state ->
    [finished] já terminou
   *[cancelled] foi cancelado
}: nada nele pode mudar agora
tournament-left = Você saiu de { $name }.
tournament-withdrawn = Você saiu de { $name }: suas partidas em curso seguem até o fim, e você não terá mais emparelhamentos.
tournament-organiser-only = só o organizador do torneio ou quem gerencia este servidor (Gerenciar servidor) pode fazer isso
tournament-too-few = um torneio precisa de pelo menos { $min } jogadores; este tem { $count }
tournament-started-elsewhere = { $name } começou: os emparelhamentos e a classificação são publicados no tópico do torneio, aberto na mensagem de início no canal dele, e cada partida num tópico próprio.
tournament-cancelled = O torneio #{ $id }, { $name }, foi cancelado. As partidas em curso seguem como partidas comuns.
tournament-cancelled-short = { $name } não tinha { $min } jogadores na hora de começar: foi cancelado.
tournament-expired = O torneio #{ $id }, { $name }, foi cancelado: <@{ $organiser }> não o iniciou em { $days ->
    [1] 1 dia
   *[other] { $days } dias
} desde a criação. Ninguém jogou nenhuma partida nele, e ninguém está mais inscrito: o organizador, ou qualquer pessoa, pode criar um novo.
tournament-status-cancelled = *Cancelado.*
tournament-status-started = *Começou: inscrições encerradas.*
tournament-rounds-cut = O torneio tem { $rounds } rodadas, e não { $asked }: um torneio suíço nunca tem mais rodadas do que jogadores menos um, para que ninguém enfrente o mesmo adversário duas vezes.
tournament-started = 🏆 **{ $name }** começou! Jogadores: { $players }.
tournament-pairing = { $south } (Sul, joga primeiro) – { $north }
tournament-bye = { $name }: folga (1 ponto)
tournament-round = **{ $name }, rodada { $round }**
    { $pairings }
tournament-game-started = { $name }, rodada { $round }: começa a partida #{ $id } ({ $variant }).
tournament-thread = { $name } · R{ $round } · #{ $id }
tournament-thread-name = 🏆 { $name } (torneio #{ $id })
tournament-results-standings = **{ $name }**, rodada { $round }: a classificação depois de { $results ->
    [1] { $results } resultado
   *[other] { $results } resultados
}.
tournament-final-standings-shared = **{ $name }** terminou: a classificação final. { $winners } dividem o primeiro lugar.
tournament-final-standings = **{ $name }** terminou: a classificação final. { $winner } vence o torneio.
tournament-strict-refused = { $name } é rigoroso: recusa quem perdeu por tempo mais de { $percent }% das partidas nos últimos { $days } dias, e você perdeu por tempo { $lost } das suas { $games }
tournament-unrated-rule = Sem rating: as partidas não contam para o rating.
tournament-strict-rule = Rigoroso: quem perdeu por tempo mais de { $percent }% das partidas nos últimos { $days } dias não pode entrar.
tournament-won-shared = 🏆 { $winners } dividem o primeiro lugar em **{ $name }**: iguais em pontos e em todos os critérios de desempate.
tournament-won = 🏆 **{ $winner }** vence **{ $name }**!
tournament-standings-header = **{ $name }** (torneio #{ $id }), { $status }
tournament-players = { $count ->
    [0] Ainda sem jogadores.
   *[other] Jogadores ({ $count }): { $players }
}
tournament-tiebreaks-swiss = Buchholz Cut-1 { $buchholz }, Sonneborn–Berger { $sb }
tournament-tiebreaks-round-robin = Sonneborn–Berger { $sb }, { $wins ->
    [1] 1 vitória
   *[other] { $wins } vitórias
}
tournament-standing = { $rank }. **{ $name }**: { $points } ({ $tiebreaks }; { $games ->
    [1] 1 partida
   *[other] { $games } partidas
}){ $withdrawn ->
    [yes] , saiu do torneio
   *[no] {""}
}
tournament-unknown = não há torneio #{ $id } neste servidor
tournament-none-here = este servidor não tem torneio para isso: `/kiela torneios` mostra a lista
tournament-rounds = { $rounds ->
    [1] 1 rodada,
   *[other] { $rounds } rodadas,
} emparelhadas por pontos (suíço); pode-se entrar até que metade delas tenha começado.
tournament-rounds-default = Rodadas emparelhadas por pontos (suíço): { $small } até { $threshold } jogadores, { $large } acima; pode-se entrar até que metade delas tenha começado.
tournament-round-robin-rule = Todos jogam contra todos, todas as partidas ao mesmo tempo (até { $double } jogadores, duas vezes, com troca de quem joga primeiro).
tournament-starts-at = Começa <t:{ $at }:R> (<t:{ $at }:f>) se tiver { $min } jogadores até lá.
tournament-starts-by-organiser = <@{ $organiser }> inicia com **Iniciar** quando houver pelo menos { $min } jogadores.
tournament-sign-up = 🏆 **{ $name }** (torneio #{ $id }): { $format }, { $variant }, { $days ->
    [1] 1 dia
   *[other] { $days } dias
} por jogada. Vitória 1, empate ½; quem nunca faz a primeira jogada perde a partida e sai do torneio.
tournament-players-of = Jogadores ({ $count }/{ $max }): { $count ->
    [0] nenhum ainda. Clique em **Entrar**!
   *[other] { $players }
}
tournament-format-round-robin = todos contra todos
tournament-format-swiss = suíço
tournament-state-open = com inscrições abertas
tournament-state-running = rodada { $round }
tournament-state-finished = terminado
tournament-state-cancelled = cancelado
tournaments-none = Este servidor ainda não tem torneios: `/kiela torneio criar` cria um.
tournaments-header = **Torneios deste servidor**
tournaments-line = #{ $id } **{ $name }**: { $format }, { $variant }, { $count ->
    [1] 1 jogador
   *[other] { $count } jogadores
}, { $status }
button-tournament-join = Entrar
button-tournament-leave = Sair
button-tournament-start = Iniciar
cmd-tournament-name = torneio
cmd-tournament-description = Torneios deste servidor: criar, entrar, iniciar, classificação
cmd-tournament-create-name = criar
cmd-tournament-create-description = Criar um torneio aqui (o canal dele), com uma mensagem de inscrição
cmd-tournament-join-name = entrar
cmd-tournament-join-description = Entrar num torneio
cmd-tournament-leave-name = sair
cmd-tournament-leave-description = Sair de um torneio (depois do início, as suas partidas em curso seguem até o fim)
cmd-tournament-start-name = iniciar
cmd-tournament-start-description = Iniciar um torneio (o organizador ou quem gerencia o servidor)
cmd-tournament-standings-name = classificação
cmd-tournament-standings-description = A classificação de um torneio
cmd-tournament-cancel-name = cancelar
cmd-tournament-cancel-description = Cancelar um torneio (o organizador ou quem gerencia o servidor)
cmd-tournaments-name = torneios
cmd-tournaments-description = Os torneios deste servidor: abertos, em curso e recentes
opt-name-name = nome
opt-name-description = O nome do torneio
opt-format-name = formato
opt-format-description = Todos contra todos (até { $round_robin } jogadores) ou suíço (até { $swiss })
opt-rounds-name = rodadas
opt-rounds-description = Suíço: quantas rodadas (padrão { $small } até { $threshold } jogadores, { $large } acima)
opt-max-players-name = máx-jogadores
opt-max-players-description = No máximo este número de jogadores
opt-starts-name = começa
opt-starts-description = Começar sozinho daqui a tantas horas (padrão: o organizador inicia)
opt-rated-name = com-rating
opt-rated-description = Se as partidas contam para o rating (padrão: sim)
opt-strict-name = rigoroso
opt-strict-description = Recusar quem perdeu por tempo mais de { $percent }% das partidas nos últimos { $days } dias
opt-tournament-name = torneio
opt-tournament-description = O número do torneio (deixe vazio para o mais recente deste servidor)
choice-format-round-robin = Todos contra todos
choice-format-swiss = Suíço

# Lessons

## Títulos das lições (crates/kiela-learn): curtos, uma ideia cada.
## Nas lições: relay = "recolher" ("recolheu C4"), rearrange = "redistribuir".

lesson-sowing-title = Semear
lesson-path-title = O caminho
lesson-relay-title = Recolher
lesson-capture-title = Capturar
lesson-capture-outer-title = A casa exterior também
lesson-capture-sowing-title = Semear as sementes capturadas
lesson-no-move-loses-title = Sem jogada, sem partida
lesson-protect-title = Proteja a sua fileira interior
lesson-leave-no-move-title = Deixe o Norte sem jogada
lesson-beginner-title = Iniciante: sementes sozinhas
lesson-expert-title = Especialista: redistribuir

## Tarefas das lições: uma frase de objetivo cada

lesson-sowing-1 = Só uma casa com duas sementes ou mais pode ser semeada: encontre-a e semeie.
lesson-sowing-2 = Semeie de modo que a última semente caia em E1.
lesson-sowing-3 = Conte as sementes: termine sua jogada em J1.
lesson-path-1 = Em J1 o caminho sobe: faça a última semente cair em J2.
lesson-path-2 = A sua fileira interior vai da direita para a esquerda: termine a sua jogada em A1.
lesson-path-3 = O caminho é um circuito: da sua fileira interior, volte para B1.
lesson-path-4 = Agora você é o Norte e semeia de J4 até A4 e depois de A3 até J3: termine sua jogada em A3.
lesson-relay-1 = Caia numa casa ocupada para recolher as sementes dela e continuar a semear: faça uma recolha.
lesson-relay-2 = Encadeie: faça duas recolhas na mesma jogada.
lesson-relay-3 = Chegue a J2 com a ajuda de uma recolha.
lesson-relay-4 = A recolha também segue o circuito: faça uma recolha na sua fileira interior e termine em A1.
lesson-capture-1 = Termine numa casa ocupada da sua fileira interior, diante de sementes do Norte, e capture-as.
lesson-capture-2 = Capture, mas olhe antes: uma casa interior sem nada à frente só faz recolher.
lesson-capture-3 = Faça primeiro uma recolha e depois capture, tudo na mesma jogada.
lesson-capture-outer-1 = Capture J3, e as sementes atrás dela, em J4, vêm junto.
lesson-capture-outer-2 = Escolha a captura que leva também a casa exterior do Norte.
lesson-capture-outer-3 = Capture pelo menos cinco sementes numa jogada.
lesson-capture-sowing-1 = As sementes capturadas são semeadas a partir da casa seguinte à sua: capture e termine em G2.
lesson-capture-sowing-2 = Deixe as sementes capturadas capturarem de novo: faça duas capturas numa jogada.
lesson-capture-sowing-3 = As sementes capturadas também podem fazer uma recolha: capture e depois recolha, na mesma jogada.
lesson-capture-sowing-4 = Depois de A2 o circuito segue para A1: capture em A2 e termine em B1.
lesson-no-move-loses-1 = Sementes sozinhas não se movem: capture o único par do Norte, e o Norte perde.
lesson-no-move-loses-2 = Capture D3 e as sementes atrás dela, em D4: o Norte fica sem jogada.
lesson-no-move-loses-3 = Há duas capturas possíveis: escolha a que deixa o Norte sem jogada.
lesson-protect-1 = A casa B3 do Norte capturaria D2 e D1: faça uma jogada depois da qual o Norte não possa capturar.
lesson-protect-2 = Sua casa C2 não pode ser semeada: capture C3 antes que o Norte a use.
lesson-protect-3 = D2 está vazia, então o Norte não pode capturar D1: faça uma jogada que a mantenha vazia.
lesson-leave-no-move-1 = Capture os dois pares do Norte numa só jogada.
lesson-leave-no-move-2 = Vença em duas jogadas: capture agora e de novo depois da resposta forçada do Norte.
lesson-leave-no-move-3 = O último par do Norte, em C4, não pode ser capturado: faça duas jogadas e deixe-o se esgotar.
lesson-beginner-1 = No Iniciante, uma semente sozinha pode ser semeada: termine sua jogada em E1.
lesson-beginner-2 = Capture com uma semente sozinha.
lesson-beginner-3 = No Iniciante, só perde quem fica com todas as casas vazias: capture as últimas sementes do Norte.
lesson-expert-1 = Redistribua suas sementes de modo que cada uma das suas 20 casas tenha pelo menos uma.
lesson-expert-2 = Redistribua de modo que o Norte não tenha nada para capturar na resposta.
lesson-expert-3 = Redistribua e depois capture, quando o Norte responder A3.

## Resultado das tarefas

lesson-solved = { $stars ->
    [1] Resolvido! 1 estrela.
   *[other] Resolvido! { $stars } estrelas.
}
lesson-not-yet = { $count ->
    [1] Ainda não: o adversário respondeu { $reply }. Resta 1 jogada.
   *[other] Ainda não: o adversário respondeu { $reply }. Restam { $count } jogadas.
}
lesson-miss-out-of-moves = Acabaram as jogadas desta tarefa: tente de novo desde o início.
lesson-miss-opponent-stuck = Seu adversário ficou sem jogada, mas o objetivo era outro: tente de novo.
lesson-miss-stuck = Você ficou sem jogada: tente de novo desde o início.
lesson-miss-rearrangement-gone = Sua primeira jogada já passou, e com ela a redistribuição: tente de novo desde o início.
lesson-may-arrange = O botão **Redistribuir** abre o formulário: digite quantas sementes vão em cada uma das suas 20 casas, fileira por fileira como o tabuleiro as mostra (40 ao todo).
lesson-arrange-form-title = Redistribuir sementes (lição)
lesson-you-rearranged = Você redistribuiu suas sementes.

## Standings picture

standings-col-rank = #
standings-col-player = Jogador
standings-col-points = Pts
standings-col-games = Partidas
standings-col-buchholz = Bu-1
standings-col-sonneborn = SB
standings-col-wins = Vitórias
standings-legend-buchholz = { standings-col-buchholz }: Buchholz com corte 1
standings-legend-sonneborn = { standings-col-sonneborn }: Sonneborn–Berger
standings-crosstable = Confrontos diretos
standings-withdrawn = saiu do torneio
standings-result-win = vitória
standings-result-draw = empate
standings-result-loss = derrota
standings-result-forfeit-win = vitória por ausência
standings-result-forfeit-loss = derrota por ausência
standings-empty = Ainda não há jogadores
standings-alt = { $title }. Classificação por pontos: { $rows }.
standings-alt-group = { $points }: { $players }
standings-alt-player = { $rank }. { $name }
standings-alt-player-withdrawn = { $rank }. { $name } (saiu do torneio)

## Lições no Discord

lesson-header = **Lição { $number } de { $lessons }: { $title }**, tarefa { $task } de { $tasks } (meta: { $par ->
    [1] 1 jogada
   *[other] { $par } jogadas
}). { $goal }
lesson-unknown = Há { $count } lições: escolha uma de 1 a { $count }.
lesson-all-done = Você resolveu todas as lições! Aqui está a primeira de novo.
lesson-you = Você
lesson-opponent = Adversário
lessons-stats = Lições: { $solved } de { $tasks } tarefas resolvidas, { $stars } ★.
button-lesson-next = Próxima tarefa
button-lesson-retry = Tentar de novo
cmd-learn-name = aprender
cmd-learn-description = Aprenda Kiela em lições curtas, uma ideia de cada vez (só você as vê)
opt-lesson-name = lição
opt-lesson-description = O número da lição (padrão: onde você parou)
stats-tournaments = Torneios: { $played } jogados, { $won } vencidos.
tournament-cancelled-you = Você cancelou { $name }: o canal é avisado, e as partidas em curso seguem como partidas comuns.

# Problemas

puzzle-header = **Problema nº { $number }** (rating { $rating } · { $themes })
puzzle-goal = { $count ->
    [1] Você joga com o { $side }: encontre a melhor jogada.
   *[other] Você joga com o { $side }: encontre a melhor sequência de jogadas, { $count } jogadas suas (o bot faz as respostas do adversário).
}
puzzle-your-rating = Seu rating de problemas: { $rating }. A primeira tentativa é a que conta.
puzzle-practice = Treino: você já tentou este problema, por isso ele não muda o seu rating.
puzzle-go-on = { $count ->
    [1] Certo! O adversário respondeu { $reply }. Falta uma jogada: encontre-a.
   *[other] Certo! O adversário respondeu { $reply }. Faltam { $count } jogadas.
}
puzzle-solved = Resolvido!
puzzle-missed = Não é a melhor jogada: a resposta do motor guarda pelo menos { $margin } sementes a mais, ou ganha. Tente de novo, ou veja a solução.
puzzle-rating-change = Rating de problemas { $rating } ({ $change }) · série de { $streak ->
    [1] 1 acerto
   *[other] { $streak } acertos
}
puzzle-solution = A solução:
puzzle-solution-alt = A solução do problema { $number }, animada jogada a jogada.
puzzle-all-tried = Você já tentou todos os problemas! Aqui vai um de novo, para treinar.
puzzle-theme-long-relay = recolha longa
puzzle-theme-double-capture = captura dupla
puzzle-theme-no-moves = sem jogadas
puzzle-theme-forced-win = vitória forçada
puzzle-theme-defence = defesa
puzzle-theme-outer-capture = captura da fila de fora
puzzle-theme-sacrifice = sacrifício
puzzle-daily-intro = **Problema do dia** { $date } · { $solvers ->
    [0] ninguém o resolveu ainda
    [1] resolvido por 1 jogador até agora
   *[other] resolvido por { $solvers } jogadores até agora
}
puzzle-daily-post = **Problema do dia** { $date }: problema nº { $number }. Clique em **Resolver** para tentar (só você vê a sua tentativa). A primeira tentativa conta para o rating; as seguintes são treino. Comente no tópico e esconda as respostas como spoiler, entre duas barras de cada lado: `||C2||`.
puzzle-daily-yesterday = { $solvers ->
    [0] O problema de ontem, nº { $number }, não foi resolvido por ninguém na primeira tentativa.
    [1] O problema de ontem, nº { $number }, foi resolvido por 1 jogador na primeira tentativa.
   *[other] O problema de ontem, nº { $number }, foi resolvido por { $solvers } jogadores na primeira tentativa.
} A resposta (spoiler): ||{ $answer }||
puzzle-daily-thread = Problema do dia { $date }
puzzles-stats = Problemas: rating { $rating }, { $solved } de { $tried } resolvidos na primeira tentativa, melhor série de acertos: { $best }.
settings-puzzle-in = em { $channel } às { $hour }h UTC
settings-puzzle-off = desligado
settings-puzzle-hour-range = a hora do problema do dia vai de 0 a 23 (UTC)
button-puzzle-next = Próximo problema
button-puzzle-retry = Tentar de novo
button-puzzle-solution = Solução
button-puzzle-solve = Resolver
cmd-puzzle-name = problema
cmd-puzzle-description = Resolva um problema de partidas reais, perto do seu rating de problemas (só você vê)
opt-daily-name = do-dia
opt-daily-description = O problema de hoje, o mesmo para todos
opt-puzzle-channel-name = canal-do-problema
opt-puzzle-channel-description = Publicar um problema por dia neste canal, com um tópico para comentar
opt-puzzle-hour-name = hora-problema
opt-puzzle-hour-description = A hora (UTC, de 0 a 23) do problema do dia (padrão 0)
opt-puzzle-off-name = desligar-problema
opt-puzzle-off-description = Parar de publicar o problema do dia

## Eixos do gráfico de avaliação

# Antes dos números das jogadas sob o gráfico (minúscula: lê-se "jogada 10 20 30").
graph-axis-turn = jogada

# Desafios: lembretes e retirada (os primeiros minutos)

challenge-reminder = { $mention }, o desafio de { $name } espera a sua resposta: ele fecha <t:{ $until }:R>.
button-withdraw = Retirar
settings-challenge-days = { $days ->
    [1] 1 dia
   *[other] { $days } dias
}
opt-challenge-days-name = dias-desafio
opt-challenge-days-description = Quantos dias um desafio espera resposta, de { $min } a { $max } (padrão { $default })
settings-challenge-days-range = um desafio espera de { $min } a { $max } dias

# Anular uma partida antes de os dois jogadores jogarem

button-abort = Anular
game-aborted-by = Partida #{ $id } anulada por { $name } antes de os dois jogadores jogarem: sem resultado, sem rating.
abort-too-late = a partida #{ $id } já está em andamento: os dois jogadores já jogaram, então agora só é possível desistir ou empatar
abort-tournament = a partida #{ $id } é de um torneio: não pode ser anulada (quem nunca joga perde a partida)

# Ajuda e os primeiros minutos

help-quick-start = **Kiela em três passos**
    1. Comece uma partida: `/kiela desafiar adversário:@amigo`, ou `/kiela ia` para jogar contra o computador.
    2. Na sua vez, escolha uma casa no menu sob o tabuleiro: as sementes dela são semeadas uma a uma. Numa casa ocupada, faz uma recolha; na sua fileira interior, diante de sementes do adversário, captura-as.
    3. Quem não pode jogar perde. Aprenda: `/kiela aprender`; treine: `/kiela problema`.
    A imagem: o Norte semeou G4, fez duas recolhas, capturou C2 e C1.
    Gestores: `/kiela configurações idioma:pt` escolhe o idioma (só servidores da Comunidade o informam).
rules-learn-more = A imagem mostra uma recolha e uma captura. Primeira vez no Kiela? `/kiela aprender` ensina uma ideia de cada vez.
cmd-help-name = ajuda
cmd-help-description = O Kiela em três passos, com uma imagem (só você vê)

# As boas-vindas, uma vez, quando o bot entra num servidor

welcome = Olá! Eu sou o bot do Kiela, o jogo de mancala de quatro fileiras do norte de Angola. Comece com `/kiela ajuda`, desafie alguém com `/kiela desafiar`, jogue contra o computador com `/kiela ia` ou aprenda com `/kiela aprender`. Para quem gerencia o servidor: só os servidores da Comunidade informam o idioma ao bot; escolha-o com `/kiela configurações idioma:pt` (ou `en`). O mesmo comando escolhe um canal para as partidas e um problema do dia.

## Prévia da jogada, Voltar jogada, a linha da oferta de empate (issue 26)

move-preview = **Prévia** (nada foi jogado ainda), partida #{ $id }, jogada { $turn }: { $path }
    Jogue { $hole }, ou cancele e escolha outra casa.
move-preview-cancelled = Nada foi jogado: a partida #{ $id } está como estava. Escolha de novo uma casa no menu do tabuleiro.
move-preview-cancelled-late = Nada foi jogado, e a partida #{ $id } já avançou desde esta prévia.
button-play-move = Jogar { $hole }
button-cancel-move = Cancelar
opt-confirm-moves-name = confirmar-jogadas
opt-confirm-moves-description = Mostrar antes a jogada escolhida, com Jogar e Cancelar (padrão: partidas com dias por jogada)
choice-confirm-moves-always = Sempre
choice-confirm-moves-correspondence = Nas partidas com dias por jogada (entre pessoas)
choice-confirm-moves-never = Nunca: a casa escolhida é jogada na hora
confirm-moves-always = A casa que você escolher num menu agora aparece primeiro, em privado, com Jogar e Cancelar, em todas as partidas.
confirm-moves-correspondence = A casa que você escolher num menu aparece primeiro, com Jogar e Cancelar, nas partidas entre pessoas com dias por jogada; contra a IA ela é jogada na hora.
confirm-moves-never = A casa que você escolher num menu agora é jogada na hora.
my-settings = Mensagens diretas: { $dm }. Prévia das jogadas: { $confirm }. Mude-as com as opções de `/kiela avisos`.
button-take-back = Desfazer jogada
takeback-between-people = só se pode desfazer jogadas em partidas contra a IA, que nunca contam para o rating: numa partida entre pessoas, toda jogada vale
takeback-over = a partida #{ $id } terminou: nenhuma jogada pode ser desfeita
takeback-nothing = você ainda não tem jogada para desfazer na partida #{ $id }
takeback-done = { $name } desfez a jogada { $turn } e a resposta de { $ai } na partida #{ $id }.
takeback-done-alone = { $name } desfez a jogada { $turn } na partida #{ $id }.
result-takebacks = { $count ->
    [1] Com 1 jogada desfeita.
   *[other] Com { $count } jogadas desfeitas.
}
draw-line-accepted = Aceita.
draw-line-declined = Recusada.
draw-line-lapsed = Sem resposta: a partida continuou.
draw-line-ended = A partida terminou.

## As partidas seguem o seu lugar (app/places)

place-refused-unknown-channel = o tópico ou canal dela foi apagado
place-refused-missing-access = o bot não vê mais o tópico ou canal dela
place-refused-missing-permissions = o bot não pode mais publicar no tópico ou canal dela
game-moved-here = A partida #{ $id } é jogada aqui de agora em diante: { $why }.
game-paused-dm = A partida #{ $id } está pausada ({ $why }); ninguém perde por tempo. Use `/kiela tabuleiro` em qualquer canal onde o bot possa publicar para continuá-la ali, com o tempo inteiro de uma jogada.
game-paused-act-in-server = A partida #{ $id } está pausada: o bot não pode mais publicar onde ela era jogada. Use `/kiela tabuleiro` ou `/kiela semear` num canal do servidor dela para jogá-la ali de agora em diante.
place-bot-not-in-server = Isto precisa do bot Kiela neste servidor, e aqui só responde o app que alguém instalou para si. Quem gerencia o servidor pode adicionar o bot com este link: { $link }
game-resumed-here = A partida #{ $id } é jogada aqui de agora em diante, e o relógio dela voltou a correr: quem tem a vez recebe o tempo inteiro de uma jogada.
