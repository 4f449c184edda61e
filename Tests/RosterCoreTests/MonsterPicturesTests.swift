import Testing
import RosterCore

@Suite("The pictures a monster shows")
struct MonsterPicturesTests {
    func monster(icon: String) -> Monster {
        Monster(id: 1, name: "Bat-Bot", description: "", icon: icon, nameColor: .default, weapon: Weapon(.smoke))
    }

    @Test("the binary carries every weapon's picture, every default bot's icon and the fallback")
    func everyPictureShips() throws {
        for weapon in WeaponType.allCases {
            #expect(Assets.hasImage(named: weapon.imageAssetName), "\(weapon.imageAssetName)")
        }
        for icon in ["meetcatbot.png", "meetdogbot.png", "meetexplodebot.png", "meetfirebot.png", "meeticebot.png",
                     "meetminitomatobot.png", Monster.fallbackIcon, Monster.defaultIcon] {
            #expect(Assets.hasImage(named: icon), "\(icon)")
        }
        #expect(Assets.imageNames.count == 12)
        #expect(!Assets.hasImage(named: "default-roster.json"))
    }

    @Test("a monster whose icon does not exist shows the fallback picture")
    func fallback() {
        let known = monster(icon: "meetcatbot.png")
        #expect(!known.iconIsMissing)
        #expect(known.iconPicture == "meetcatbot.png")
        let missing = monster(icon: "bat.png")
        #expect(missing.iconIsMissing)
        #expect(missing.iconPicture == "unknown.png")
    }

    @Test("an icon that is not an available picture is a problem that lists the available ones")
    func availability() throws {
        #expect(MonsterRules.iconAvailabilityProblem("sword.png") == nil)
        let problem = try #require(MonsterRules.iconAvailabilityProblem("bat.png"))
        #expect(problem.field == "icon")
        #expect(problem.message == "there is no picture named `bat.png`; the available icons are blowgun.png, fire.png, meetcatbot.png, meetdogbot.png, meetexplodebot.png, meetfirebot.png, meeticebot.png, meetminitomatobot.png, ninjastar.png, smoke.png, sword.png, unknown.png")
    }
}
