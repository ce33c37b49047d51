import type { TermsTranslation } from "./terms.ts";

/**
 * The French CGV translated for buyers who order in German, Spanish, Portuguese or Italian. Each
 * translation has the sections and clauses of the original, in the same order (terms.test.ts checks
 * it); the page says that the French text is the one that binds. Change the French text, change
 * these four with it (they share its version date).
 */
export const CGV_TRANSLATIONS: Record<"de" | "es" | "pt" | "it", TermsTranslation> = {
  de: {
    lang: "de",
    title: "Allgemeine Geschäftsbedingungen",
    intro:
      "Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Bestellungen, die eine natürliche oder juristische Person (der „Kunde“) über diese Website bei Lumen Automation (der „Anbieter“) aufgibt, mit Ausnahme der auf Englisch aufgegebenen Bestellungen, für die die englischsprachigen Terms of Service gelten. Diese deutsche Fassung ist eine Übersetzung der französischen Conditions générales de vente zur Information des Kunden; verbindlich ist allein die französische Fassung. Der Kunde nimmt die AGB an, indem er das dafür vorgesehene Kästchen im Bestellformular ankreuzt: Die angenommene Fassung, Datum und Uhrzeit der Annahme und die Sprache, in der er sie gelesen hat, werden mit der Bestellung gespeichert und in der Bestätigungs-E-Mail wiedergegeben.",
    sections: [
      {
        id: "objet",
        title: "Gegenstand und Leistungen",
        paragraphs: [
          "Der Anbieter entwickelt und betreibt Automatisierungen auf Grundlage künstlicher Intelligenz: Workflows zur Videoerstellung, Chat-Agenten, Agenten zur Bildbearbeitung, Dienste zur Videogenerierung sowie Lizenzen für Video-Datensätze.",
          "Inhalt, voraussichtliche Lieferfrist und Preis jedes Angebots sind auf seiner Seite beschrieben und werden vor jeder Zahlung im Bestellformular wiederholt.",
        ],
      },
      {
        id: "commande",
        title: "Bestellung",
        paragraphs: [
          "Die Bestellung erfolgt über das Online-Formular. Der Kunde gewährleistet die Richtigkeit seiner Angaben; der Anbieter stützt sich darauf, um die Leistung einzurichten und zu erbringen.",
          "Vor der Zahlung nimmt der Kunde diese AGB an, indem er das dafür vorgesehene Kästchen ankreuzt. Die Bestellung ist verbindlich, sobald die Zahlung bestätigt ist. Der Kunde erhält daraufhin eine zusammenfassende E-Mail; sie gibt die Annahme der AGB und gegebenenfalls das Verlangen nach sofortiger Ausführung wieder, das im Abschnitt „Widerrufsrecht und sofortige Ausführung“ beschrieben ist.",
        ],
      },
      {
        id: "prix",
        clause: "prices",
        title: "Preise und Zahlung",
        paragraphs: [
          "Die Preise verstehen sich in Euro einschließlich aller Steuern. Es gilt der zum Zeitpunkt der Bestellung angezeigte Preis; für jede Zahlung wird eine Rechnung ausgestellt.",
          "Die Zahlung erfolgt per Karte über einen sicheren Zahlungsdienstleister; der Anbieter erhält zu keinem Zeitpunkt die vollständigen Kartendaten.",
        ],
      },
      {
        id: "abonnements",
        clause: "subscriptions",
        title: "Monatliche Abonnements",
        paragraphs: [
          "Abonnements werden monatlich abgeschlossen und verlängern sich stillschweigend jeden Monat zu denselben Bedingungen, bis sie gekündigt werden. Der Abonnementbetrag wird zu Beginn jedes Zeitraums automatisch eingezogen.",
          "Sieht ein Angebot eine Einrichtungsgebühr vor, wird diese bei der Bestellung bezahlt. Bestellformular, Zahlungsseite und Bestätigungs-E-Mail nennen den am Bestelltag gezahlten Betrag, den Monatsbetrag und das Datum der ersten monatlichen Abbuchung.",
        ],
      },
      {
        id: "resiliation",
        clause: "cancellation",
        title: "Kündigung",
        paragraphs: [
          "Der Kunde kann sein Abonnement jederzeit kostenlos und ohne Angabe von Gründen kündigen, über den Link „Mein Abonnement verwalten“ in jeder Bestätigungs-E-Mail (ein neuer Link kann über die unten auf jeder Seite verlinkte Seite angefordert werden) oder durch einfache E-Mail an die Kontaktadresse der Website. Die Kündigung wird zum Ende des laufenden Monatszeitraums wirksam.",
          "Der Anbieter bestätigt dem Kunden die Kündigung per E-Mail und teilt ihm das Datum, zu dem das Abonnement endet, sowie die Wirkungen der Kündigung mit (Artikel L215-1-1 des französischen Verbrauchergesetzbuchs, Code de la consommation).",
          "Jeder begonnene Zeitraum ist vollständig geschuldet; eine anteilige Erstattung erfolgt nicht.",
        ],
      },
      {
        id: "retractation",
        clause: "withdrawal",
        title: "Widerrufsrecht und sofortige Ausführung",
        paragraphs: [
          "Ein Kunde, der Verbraucher ist, kann grundsätzlich binnen vierzehn Tagen ab der Bestellung ohne Angabe von Gründen widerrufen, durch eine eindeutige Erklärung an die Kontaktadresse der Website (Artikel L221-18 ff. des Code de la consommation).",
          "Die Angebote dieser Website werden sofort ausgeführt, noch vor Ablauf dieser Frist. Das Bestellformular erfasst daher das ausdrückliche Verlangen des Kunden, dass mit der Ausführung sofort begonnen wird, und seine Bestätigung der Folgen für sein Widerrufsrecht; die Bestätigungs-E-Mail gibt beides wieder.",
          "Bei digitalen Inhalten, die nicht auf einem körperlichen Datenträger geliefert werden (als Dateien gelieferte Videos), verliert der Kunde sein Widerrufsrecht, sobald mit der Lieferung begonnen wurde (Artikel L221-28 Nr. 13).",
          "Bei einer Dienstleistung (Einrichtung eines Workflows oder eines Agenten und anschließend dessen monatlicher Betrieb) verliert der Kunde sein Widerrufsrecht, sobald die Dienstleistung vollständig erbracht ist (Artikel L221-28 Nr. 1); widerruft er vorher, schuldet er den Betrag, der den bis zur Mitteilung seines Widerrufs erbrachten Leistungen entspricht (Artikel L221-25).",
          "Ein Kunde, der seine Widerrufsfrist behalten möchte, schreibt dem Anbieter vor der Bestellung: Mit der Ausführung wird dann erst nach Ablauf dieser Frist begonnen.",
        ],
      },
      {
        id: "livraison",
        title: "Ausführung und Lieferung",
        paragraphs: [
          "Die auf jeder Seite genannten Fristen (zum Beispiel 24 oder 48 Stunden) beginnen mit dem Eingang aller erforderlichen Angaben. Sie sind Richtwerte; eine Verzögerung berechtigt nur dann zur Stornierung der Bestellung, wenn sie nach einer unbeantwortet gebliebenen schriftlichen Mahnung mehr als sieben Werktage beträgt.",
        ],
      },
      {
        id: "propriete",
        clause: "ownership",
        title: "Geistiges Eigentum",
        paragraphs: [
          "Die vom Anbieter entwickelten Workflows, Automatisierungsszenarien, Prompts, Agenten und Werkzeuge bleiben sein ausschließliches Eigentum. Der Kunde erhält ein persönliches, nicht ausschließliches Nutzungsrecht für die Dauer seines Abonnements oder, bei einem Einmalkauf, für seinen eigenen Bedarf.",
          "Die für den Kunden erstellten Inhalte (Videos, Bilder, Texte) darf dieser frei verwerten, vorbehaltlich der Nutzungsbedingungen der zu ihrer Erstellung eingesetzten Werkzeuge Dritter.",
        ],
      },
      {
        id: "donnees",
        clause: "data",
        title: "Personenbezogene Daten",
        paragraphs: [
          "Die bei der Bestellung erhobenen Daten dienen ausschließlich der Erbringung der Leistung, der Rechnungsstellung und dem Support. Sie werden niemals verkauft.",
          "Nach der DSGVO und dem französischen Datenschutzgesetz (loi Informatique et Libertés) hat der Kunde ein Recht auf Auskunft, Berichtigung, Löschung, Einschränkung, Datenübertragbarkeit und Widerspruch, das er per E-Mail an die Kontaktadresse der Website ausübt. Er kann außerdem Beschwerde bei der CNIL einlegen.",
        ],
      },
      {
        id: "responsabilite",
        title: "Haftung",
        paragraphs: [
          "Der Anbieter schuldet ein sorgfältiges Bemühen, keinen bestimmten Erfolg. Er haftet nicht für Ausfälle oder Änderungen der Plattformen und Dienste Dritter (soziale Netzwerke, Messenger, KI-Modelle), auf denen die Automatisierungen beruhen.",
        ],
      },
      {
        id: "litiges",
        clause: "disputes",
        title: "Anwendbares Recht und Streitigkeiten",
        paragraphs: [
          "Diese AGB unterliegen französischem Recht. Bei Meinungsverschiedenheiten suchen die Parteien zunächst eine gütliche Lösung.",
          "Kommt keine Einigung zustande, ist jede Streitigkeit vor die zuständigen Gerichte am Sitz des Anbieters zu bringen, vorbehaltlich zwingender Verbraucherschutzvorschriften.",
        ],
      },
    ],
  },
  es: {
    lang: "es",
    title: "Condiciones generales de venta",
    intro:
      "Las presentes condiciones generales de venta (CGV) rigen todos los pedidos realizados en este sitio a Lumen Automation (el «Prestador») por cualquier persona física o jurídica (el «Cliente»), salvo los pedidos realizados en inglés, que se rigen por los Terms of Service redactados en inglés. Esta versión española es una traducción de las Conditions générales de vente francesas para información del Cliente; solo la versión francesa es vinculante. El Cliente las acepta marcando la casilla prevista a tal efecto en el formulario de pedido: la versión aceptada, la fecha y hora de la aceptación y el idioma en que las leyó se conservan con el pedido y se recuerdan en el correo electrónico de confirmación.",
    sections: [
      {
        id: "objet",
        title: "Objeto y servicios",
        paragraphs: [
          "El Prestador diseña y pone en marcha automatizaciones basadas en la inteligencia artificial: flujos de trabajo de creación de vídeos, agentes conversacionales, agentes de retoque de imágenes, servicios de generación de vídeos y licencias de conjuntos de datos de vídeo.",
          "El contenido, el plazo de entrega orientativo y el precio de cada oferta se describen en su página y se recuerdan en el formulario de pedido antes de cualquier pago.",
        ],
      },
      {
        id: "commande",
        title: "Pedido",
        paragraphs: [
          "El pedido se realiza mediante el formulario en línea. El Cliente garantiza la exactitud de los datos facilitados; el Prestador se basa en ellos para configurar y prestar el servicio.",
          "Antes de pagar, el Cliente acepta las presentes CGV marcando la casilla prevista a tal efecto. El pedido es firme en cuanto se confirma el pago. El Cliente recibe entonces un correo electrónico de resumen, que recuerda la aceptación de las CGV y, en su caso, la solicitud de ejecución inmediata descrita en el apartado «Derecho de desistimiento y ejecución inmediata».",
        ],
      },
      {
        id: "prix",
        clause: "prices",
        title: "Precios y pago",
        paragraphs: [
          "Los precios se expresan en euros, impuestos incluidos. Se aplica el precio indicado en el momento del pedido; se emite una factura por cada pago.",
          "El pago se realiza con tarjeta a través de un proveedor de pagos seguro; el Prestador nunca tiene conocimiento de los datos completos de la tarjeta.",
        ],
      },
      {
        id: "abonnements",
        clause: "subscriptions",
        title: "Suscripciones mensuales",
        paragraphs: [
          "Las suscripciones se contratan por meses y se renuevan tácitamente cada mes, en las mismas condiciones, hasta su cancelación. El importe de la suscripción se cobra automáticamente al inicio de cada periodo.",
          "Cuando la oferta incluye gastos de puesta en marcha, estos se abonan con el pedido. El formulario de pedido, la página de pago y el correo electrónico de confirmación indican el importe pagado el día del pedido, el importe mensual y la fecha del primer cobro mensual.",
        ],
      },
      {
        id: "resiliation",
        clause: "cancellation",
        title: "Cancelación",
        paragraphs: [
          "El Cliente puede cancelar su suscripción en cualquier momento, sin gastos ni justificación, mediante el enlace «Gestionar mi suscripción» enviado en cada correo electrónico de confirmación (puede solicitarse un enlace nuevo desde la página indicada al pie de cada página), o mediante un simple correo electrónico a la dirección de contacto del sitio. La cancelación surte efecto al final del periodo mensual en curso.",
          "El Prestador confirma la cancelación al Cliente por correo electrónico, indicándole la fecha en que finaliza la suscripción y los efectos de la cancelación (artículo L215-1-1 del Código de consumo francés, Code de la consommation).",
          "Todo periodo iniciado se debe íntegramente y no da lugar a ningún reembolso proporcional.",
        ],
      },
      {
        id: "retractation",
        clause: "withdrawal",
        title: "Derecho de desistimiento y ejecución inmediata",
        paragraphs: [
          "El Cliente consumidor dispone en principio de un plazo de catorce días desde el pedido para desistir, sin indicar el motivo, mediante cualquier declaración inequívoca enviada a la dirección de contacto del sitio (artículos L221-18 y siguientes del Code de la consommation).",
          "Las ofertas del sitio se ejecutan de inmediato, antes de que finalice ese plazo. Por ello, el formulario de pedido recoge la solicitud expresa del Cliente de que la ejecución comience sin esperar y su reconocimiento de las consecuencias para su derecho de desistimiento; el correo electrónico de confirmación recuerda ambas.",
          "En el caso de contenido digital que no se suministra en un soporte material (vídeos entregados como archivos), el Cliente pierde su derecho de desistimiento en cuanto ha comenzado el suministro (artículo L221-28, 13.º).",
          "En el caso de un servicio (puesta en marcha de un flujo de trabajo o de un agente y, después, su funcionamiento mensual), el Cliente pierde su derecho de desistimiento una vez que el servicio se ha prestado por completo (artículo L221-28, 1.º); si desiste antes, debe el importe correspondiente al servicio prestado hasta que comunicó su decisión (artículo L221-25).",
          "El Cliente que desee conservar su plazo de desistimiento escribe al Prestador antes de realizar el pedido: la ejecución solo comienza entonces al vencer dicho plazo.",
        ],
      },
      {
        id: "livraison",
        title: "Ejecución y entrega",
        paragraphs: [
          "Los plazos indicados en cada página (por ejemplo, 24 o 48 horas) se cuentan desde la recepción de toda la información necesaria. Son orientativos; un retraso solo justifica la anulación del pedido si supera siete días hábiles tras un requerimiento escrito que haya quedado sin respuesta.",
        ],
      },
      {
        id: "propriete",
        clause: "ownership",
        title: "Propiedad intelectual",
        paragraphs: [
          "Los flujos de trabajo, escenarios de automatización, prompts, agentes y herramientas diseñados por el Prestador siguen siendo de su propiedad exclusiva. El Cliente disfruta de un derecho de uso personal y no exclusivo durante la vigencia de su suscripción o, en el caso de una compra única, para sus propias necesidades.",
          "Los contenidos producidos para el Cliente (vídeos, imágenes, textos) pueden ser explotados libremente por este, con sujeción a las condiciones de uso de las herramientas de terceros empleadas para generarlos.",
        ],
      },
      {
        id: "donnees",
        clause: "data",
        title: "Datos personales",
        paragraphs: [
          "Los datos recogidos con el pedido se utilizan únicamente para prestar el servicio, facturarlo y ofrecer asistencia. Nunca se venden.",
          "De conformidad con el RGPD y la ley francesa de protección de datos (loi Informatique et Libertés), el Cliente tiene derecho de acceso, rectificación, supresión, limitación, portabilidad y oposición, que ejerce por correo electrónico en la dirección de contacto del sitio. También puede presentar una reclamación ante la CNIL.",
        ],
      },
      {
        id: "responsabilite",
        title: "Responsabilidad",
        paragraphs: [
          "El Prestador asume una obligación de medios. No será responsable de las interrupciones o cambios de las plataformas y servicios de terceros (redes sociales, mensajerías, modelos de IA) en los que se basan las automatizaciones.",
        ],
      },
      {
        id: "litiges",
        clause: "disputes",
        title: "Ley aplicable y litigios",
        paragraphs: [
          "Las presentes CGV se rigen por el Derecho francés. En caso de controversia, las partes buscarán en primer lugar una solución amistosa.",
          "A falta de acuerdo, cualquier litigio se someterá a los tribunales competentes del lugar del domicilio social del Prestador, sin perjuicio de las normas imperativas de protección de los consumidores.",
        ],
      },
    ],
  },
  pt: {
    lang: "pt",
    title: "Condições gerais de venda",
    intro:
      "As presentes condições gerais de venda (CGV) regem todas as encomendas feitas neste site à Lumen Automation (o «Prestador») por qualquer pessoa singular ou coletiva (o «Cliente»), com exceção das encomendas feitas em inglês, que se regem pelos Terms of Service redigidos em inglês. Esta versão portuguesa é uma tradução das Conditions générales de vente francesas para informação do Cliente; só a versão francesa faz fé. O Cliente aceita-as assinalando a caixa prevista para o efeito no formulário de encomenda: a versão aceite, a data e a hora da aceitação e a língua em que as leu são conservadas com a encomenda e recordadas no e-mail de confirmação.",
    sections: [
      {
        id: "objet",
        title: "Objeto e serviços",
        paragraphs: [
          "O Prestador concebe e põe em funcionamento automatizações baseadas em inteligência artificial: fluxos de criação de vídeos, agentes de conversação, agentes de edição de imagens, serviços de geração de vídeos e licenças de conjuntos de dados de vídeo.",
          "O conteúdo, o prazo de entrega indicativo e o preço de cada oferta são descritos na respetiva página e recordados no formulário de encomenda antes de qualquer pagamento.",
        ],
      },
      {
        id: "commande",
        title: "Encomenda",
        paragraphs: [
          "A encomenda é feita através do formulário em linha. O Cliente garante a exatidão das informações prestadas; o Prestador baseia-se nelas para configurar e prestar o serviço.",
          "Antes de pagar, o Cliente aceita as presentes CGV assinalando a caixa prevista para o efeito. A encomenda torna-se firme logo que o pagamento é confirmado. O Cliente recebe então um e-mail de resumo, que recorda a aceitação das CGV e, se for caso disso, o pedido de execução imediata descrito na secção «Direito de livre resolução e execução imediata».",
        ],
      },
      {
        id: "prix",
        clause: "prices",
        title: "Preços e pagamento",
        paragraphs: [
          "Os preços são indicados em euros, com todos os impostos incluídos. Aplica-se o preço apresentado no momento da encomenda; é emitida uma fatura por cada pagamento.",
          "O pagamento é feito por cartão através de um prestador de pagamentos seguro; o Prestador nunca tem acesso aos dados completos do cartão.",
        ],
      },
      {
        id: "abonnements",
        clause: "subscriptions",
        title: "Assinaturas mensais",
        paragraphs: [
          "As assinaturas são celebradas ao mês e renovadas tacitamente todos os meses, nas mesmas condições, até à sua cessação. O montante da assinatura é cobrado automaticamente no início de cada período.",
          "Quando a oferta prevê uma taxa de instalação, esta é paga com a encomenda. O formulário de encomenda, a página de pagamento e o e-mail de confirmação indicam o montante pago no dia da encomenda, o montante mensal e a data da primeira cobrança mensal.",
        ],
      },
      {
        id: "resiliation",
        clause: "cancellation",
        title: "Cancelamento",
        paragraphs: [
          "O Cliente pode cancelar a sua assinatura a qualquer momento, sem encargos nem justificação, através da ligação «Gerir a minha assinatura» enviada em cada e-mail de confirmação (pode pedir uma nova ligação na página indicada no rodapé de cada página), ou por simples e-mail para o endereço de contacto do site. O cancelamento produz efeitos no fim do período mensal em curso.",
          "O Prestador confirma o cancelamento ao Cliente por e-mail, indicando-lhe a data em que a assinatura termina e os efeitos do cancelamento (artigo L215-1-1 do Código do Consumo francês, Code de la consommation).",
          "Qualquer período iniciado é devido na íntegra e não dá lugar a qualquer reembolso proporcional.",
        ],
      },
      {
        id: "retractation",
        clause: "withdrawal",
        title: "Direito de livre resolução e execução imediata",
        paragraphs: [
          "O Cliente consumidor dispõe, em princípio, de um prazo de catorze dias a contar da encomenda para exercer o direito de livre resolução, sem indicar o motivo, através de qualquer declaração inequívoca enviada para o endereço de contacto do site (artigos L221-18 e seguintes do Code de la consommation).",
          "As ofertas do site são executadas de imediato, antes do fim desse prazo. Por isso, o formulário de encomenda regista o pedido expresso do Cliente para que a execução comece sem esperar e o seu reconhecimento das consequências para o seu direito de livre resolução; o e-mail de confirmação recorda ambos.",
          "No caso de conteúdos digitais não fornecidos num suporte material (vídeos entregues como ficheiros), o Cliente perde o direito de livre resolução logo que o fornecimento tenha começado (artigo L221-28, 13.º).",
          "No caso de um serviço (instalação de um fluxo ou de um agente e, depois, o seu funcionamento mensal), o Cliente perde o direito de livre resolução quando o serviço tiver sido integralmente prestado (artigo L221-28, 1.º); se exercer esse direito antes, deve o montante correspondente ao serviço prestado até ter comunicado a sua decisão (artigo L221-25).",
          "O Cliente que pretenda conservar o prazo de livre resolução escreve ao Prestador antes de encomendar: a execução só começa então depois de terminado esse prazo.",
        ],
      },
      {
        id: "livraison",
        title: "Execução e entrega",
        paragraphs: [
          "Os prazos indicados em cada página (por exemplo, 24 ou 48 horas) contam-se a partir da receção de todas as informações necessárias. São indicativos; um atraso só justifica a anulação da encomenda se exceder sete dias úteis após uma interpelação escrita que tenha ficado sem resposta.",
        ],
      },
      {
        id: "propriete",
        clause: "ownership",
        title: "Propriedade intelectual",
        paragraphs: [
          "Os fluxos, cenários de automatização, prompts, agentes e ferramentas concebidos pelo Prestador continuam a ser sua propriedade exclusiva. O Cliente beneficia de um direito de utilização pessoal e não exclusivo durante a vigência da sua assinatura ou, no caso de uma compra única, para as suas próprias necessidades.",
          "Os conteúdos produzidos para o Cliente (vídeos, imagens, textos) podem ser livremente explorados por este, sem prejuízo das condições de utilização das ferramentas de terceiros usadas para os gerar.",
        ],
      },
      {
        id: "donnees",
        clause: "data",
        title: "Dados pessoais",
        paragraphs: [
          "Os dados recolhidos com a encomenda servem unicamente para prestar o serviço, faturá-lo e prestar assistência. Nunca são vendidos.",
          "Nos termos do RGPD e da lei francesa de proteção de dados (loi Informatique et Libertés), o Cliente tem direito de acesso, retificação, apagamento, limitação, portabilidade e oposição, que exerce por e-mail para o endereço de contacto do site. Pode também apresentar reclamação junto da CNIL.",
        ],
      },
      {
        id: "responsabilite",
        title: "Responsabilidade",
        paragraphs: [
          "O Prestador está sujeito a uma obrigação de meios. Não é responsável por interrupções ou alterações das plataformas e serviços de terceiros (redes sociais, aplicações de mensagens, modelos de IA) em que as automatizações assentam.",
        ],
      },
      {
        id: "litiges",
        clause: "disputes",
        title: "Lei aplicável e litígios",
        paragraphs: [
          "As presentes CGV regem-se pela lei francesa. Em caso de diferendo, as partes procurarão primeiro uma solução amigável.",
          "Na falta de acordo, qualquer litígio será submetido aos tribunais competentes da área da sede do Prestador, sem prejuízo das normas imperativas de proteção dos consumidores.",
        ],
      },
    ],
  },
  it: {
    lang: "it",
    title: "Condizioni generali di vendita",
    intro:
      "Le presenti condizioni generali di vendita (CGV) disciplinano tutti gli ordini effettuati su questo sito presso Lumen Automation (il «Fornitore») da qualsiasi persona fisica o giuridica (il «Cliente»), ad eccezione degli ordini effettuati in inglese, disciplinati dai Terms of Service redatti in inglese. Questa versione italiana è una traduzione delle Conditions générales de vente francesi fornita per informazione del Cliente; fa fede unicamente la versione francese. Il Cliente le accetta spuntando l'apposita casella nel modulo d'ordine: la versione accettata, la data e l'ora dell'accettazione e la lingua in cui le ha lette sono conservate con l'ordine e riportate nell'e-mail di conferma.",
    sections: [
      {
        id: "objet",
        title: "Oggetto e servizi",
        paragraphs: [
          "Il Fornitore progetta e mette in funzione automazioni basate sull'intelligenza artificiale: flussi di lavoro per la creazione di video, agenti conversazionali, agenti di fotoritocco, servizi di generazione di video e licenze di dataset video.",
          "Il contenuto, il termine di consegna indicativo e il prezzo di ciascuna offerta sono descritti nella relativa pagina e richiamati nel modulo d'ordine prima di qualsiasi pagamento.",
        ],
      },
      {
        id: "commande",
        title: "Ordine",
        paragraphs: [
          "L'ordine si effettua tramite il modulo online. Il Cliente garantisce l'esattezza delle informazioni fornite; il Fornitore vi fa affidamento per configurare e prestare il servizio.",
          "Prima di pagare, il Cliente accetta le presenti CGV spuntando l'apposita casella. L'ordine diventa vincolante non appena il pagamento è confermato. Il Cliente riceve quindi un'e-mail di riepilogo, che riporta l'accettazione delle CGV e, se del caso, la richiesta di esecuzione immediata descritta nella sezione «Diritto di recesso ed esecuzione immediata».",
        ],
      },
      {
        id: "prix",
        clause: "prices",
        title: "Prezzi e pagamento",
        paragraphs: [
          "I prezzi sono espressi in euro, comprensivi di tutte le imposte. Si applica il prezzo indicato al momento dell'ordine; per ogni pagamento viene emessa una fattura.",
          "Il pagamento avviene con carta tramite un fornitore di servizi di pagamento sicuro; il Fornitore non viene mai a conoscenza dei dati completi della carta.",
        ],
      },
      {
        id: "abonnements",
        clause: "subscriptions",
        title: "Abbonamenti mensili",
        paragraphs: [
          "Gli abbonamenti sono stipulati su base mensile e si rinnovano tacitamente ogni mese alle stesse condizioni, fino alla disdetta. L'importo dell'abbonamento viene addebitato automaticamente all'inizio di ogni periodo.",
          "Se l'offerta prevede un costo di attivazione, questo è pagato con l'ordine. Il modulo d'ordine, la pagina di pagamento e l'e-mail di conferma indicano l'importo pagato il giorno dell'ordine, l'importo mensile e la data del primo addebito mensile.",
        ],
      },
      {
        id: "resiliation",
        clause: "cancellation",
        title: "Disdetta",
        paragraphs: [
          "Il Cliente può disdire il proprio abbonamento in qualsiasi momento, senza costi né motivazione, tramite il link «Gestisci il mio abbonamento» inviato in ogni e-mail di conferma (un nuovo link può essere richiesto dalla pagina indicata in fondo a ogni pagina), oppure con una semplice e-mail all'indirizzo di contatto del sito. La disdetta ha effetto alla fine del periodo mensile in corso.",
          "Il Fornitore conferma la disdetta al Cliente per e-mail, indicandogli la data in cui l'abbonamento termina e gli effetti della disdetta (articolo L215-1-1 del Codice del consumo francese, Code de la consommation).",
          "Ogni periodo iniziato è dovuto per intero e non dà luogo ad alcun rimborso proporzionale.",
        ],
      },
      {
        id: "retractation",
        clause: "withdrawal",
        title: "Diritto di recesso ed esecuzione immediata",
        paragraphs: [
          "Il Cliente consumatore dispone in linea di principio di quattordici giorni dall'ordine per recedere, senza indicarne il motivo, mediante qualsiasi dichiarazione esplicita inviata all'indirizzo di contatto del sito (articoli L221-18 e seguenti del Code de la consommation).",
          "Le offerte del sito sono eseguite immediatamente, prima della scadenza di tale termine. Il modulo d'ordine raccoglie quindi la richiesta espressa del Cliente che l'esecuzione inizi subito e il suo riconoscimento delle conseguenze sul diritto di recesso; l'e-mail di conferma le riporta entrambe.",
          "Per i contenuti digitali non forniti su un supporto materiale (video consegnati come file), il Cliente perde il diritto di recesso non appena la fornitura è iniziata (articolo L221-28, 13°).",
          "Per un servizio (attivazione di un flusso di lavoro o di un agente e, in seguito, il suo funzionamento mensile), il Cliente perde il diritto di recesso una volta che il servizio è stato interamente prestato (articolo L221-28, 1°); se recede prima, deve l'importo corrispondente al servizio fornito fino alla comunicazione della sua decisione (articolo L221-25).",
          "Il Cliente che desidera conservare il termine di recesso scrive al Fornitore prima di ordinare: l'esecuzione inizia allora solo alla scadenza di tale termine.",
        ],
      },
      {
        id: "livraison",
        title: "Esecuzione e consegna",
        paragraphs: [
          "I termini indicati in ogni pagina (ad esempio 24 o 48 ore) decorrono dal ricevimento di tutte le informazioni necessarie. Sono indicativi; un ritardo giustifica l'annullamento dell'ordine solo se supera sette giorni lavorativi dopo un sollecito scritto rimasto senza risposta.",
        ],
      },
      {
        id: "propriete",
        clause: "ownership",
        title: "Proprietà intellettuale",
        paragraphs: [
          "I flussi di lavoro, gli scenari di automazione, i prompt, gli agenti e gli strumenti progettati dal Fornitore restano di sua proprietà esclusiva. Il Cliente beneficia di un diritto d'uso personale e non esclusivo per la durata del suo abbonamento o, in caso di acquisto singolo, per le proprie esigenze.",
          "I contenuti prodotti per il Cliente (video, immagini, testi) possono essere liberamente utilizzati da quest'ultimo, fatte salve le condizioni d'uso degli strumenti di terzi impiegati per generarli.",
        ],
      },
      {
        id: "donnees",
        clause: "data",
        title: "Dati personali",
        paragraphs: [
          "I dati raccolti con l'ordine servono unicamente a prestare il servizio, a fatturarlo e a fornire assistenza. Non vengono mai venduti.",
          "Ai sensi del GDPR e della legge francese sulla protezione dei dati (loi Informatique et Libertés), il Cliente ha diritto di accesso, rettifica, cancellazione, limitazione, portabilità e opposizione, che esercita per e-mail all'indirizzo di contatto del sito. Può inoltre proporre reclamo alla CNIL.",
        ],
      },
      {
        id: "responsabilite",
        title: "Responsabilità",
        paragraphs: [
          "Il Fornitore è tenuto a un'obbligazione di mezzi. Non risponde delle interruzioni o delle modifiche delle piattaforme e dei servizi di terzi (social network, app di messaggistica, modelli di IA) su cui si basano le automazioni.",
        ],
      },
      {
        id: "litiges",
        clause: "disputes",
        title: "Legge applicabile e controversie",
        paragraphs: [
          "Le presenti CGV sono disciplinate dalla legge francese. In caso di controversia, le parti cercheranno anzitutto una soluzione amichevole.",
          "In mancanza di accordo, qualsiasi controversia sarà sottoposta ai tribunali competenti del luogo della sede del Fornitore, fatte salve le norme imperative a tutela dei consumatori.",
        ],
      },
    ],
  },
};
