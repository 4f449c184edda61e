import Foundation
import Testing
import TerminalKit

@Suite("Keeping kitty pictures in step with the frame")
struct KittyPlacementsTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    let icon = PicturePlacement(imageID: 1, placementID: 1, frame: Rect(x: 4, y: 2, width: 16, height: 8),
                              imageSize: Size(width: 64, height: 64))
    let weapon = PicturePlacement(imageID: 2, placementID: 5, frame: Rect(x: 30, y: 2, width: 8, height: 4),
                                imageSize: Size(width: 64, height: 64))

    @Test("a buffer drawn into another partly out of sight is cut at the edge, cells and pictures alike")
    func drawnClipped() throws {
        var framed = Buffer(size: Size(width: 4, height: 4))
        for row in 0..<4 { framed.write("\(row)\(row)\(row)\(row)", at: Point(x: 0, y: row)) }
        framed.placements.append(PicturePlacement(imageID: 1, placementID: 1, frame: Rect(x: 1, y: 1, width: 2, height: 2),
                                                imageSize: Size(width: 20, height: 20)))
        var screen = Buffer(size: Size(width: 10, height: 10))
        screen.draw(framed, at: Point(x: 3, y: 0), clip: Rect(x: 0, y: 2, width: 10, height: 8))
        #expect(screen.text(row: 1).trimmingCharacters(in: .whitespaces).isEmpty, "above the clip nothing is drawn")
        #expect(screen.text(row: 2) == "   2222   ")
        #expect(screen.text(row: 3) == "   3333   ")
        let placement = try #require(screen.placements.first)
        #expect(placement.frame == Rect(x: 4, y: 1, width: 2, height: 2))
        #expect(placement.visible == Rect(x: 4, y: 2, width: 2, height: 1), "only its lower row shows")
    }

    @Test("a new picture: move the cursor to its top left, place it at its size")
    func first() {
        #expect(text(KittyGraphics.update(from: [], to: [icon]))
                == "\u{1B}[3;5H\u{1B}_Ga=p,i=1,p=1,c=16,r=8,C=1,q=1\u{1B}\\")
    }

    @Test("pictures that did not change cost nothing; moving the selection sends no bytes")
    func unchanged() {
        #expect(KittyGraphics.update(from: [icon, weapon], to: [icon, weapon]).isEmpty)
        #expect(KittyGraphics.update(from: [weapon, icon], to: [icon, weapon]).isEmpty)
    }

    @Test("a moved picture is placed again under the same ids; the terminal moves it")
    func moved() {
        var moved = icon
        moved.frame.y = 5
        moved.visible.y = 5
        #expect(text(KittyGraphics.update(from: [icon, weapon], to: [moved, weapon]))
                == "\u{1B}[6;5H\u{1B}_Ga=p,i=1,p=1,c=16,r=8,C=1,q=1\u{1B}\\")
    }

    @Test("a panel sliding over the bottom three rows crops the picture to the five rows above it")
    func cropped() {
        let panel = Rect(x: 0, y: 7, width: 80, height: 17)
        let uncovered = Rect(x: 0, y: 0, width: 80, height: panel.y)
        let covered = icon.clipped(to: uncovered)
        #expect(covered.visible == Rect(x: 4, y: 2, width: 16, height: 5))
        #expect(text(KittyGraphics.update(from: [icon], to: [covered]))
                == "\u{1B}[3;5H\u{1B}_Ga=p,i=1,p=1,x=0,y=0,w=64,h=40,c=16,r=5,C=1,q=1\u{1B}\\")
        // A picture inside the panel, half below the screen's last row, shows its top half.
        let inPanel = PicturePlacement(imageID: 3, placementID: 9, frame: Rect(x: 10, y: 22, width: 8, height: 4),
                                     imageSize: Size(width: 64, height: 64))
            .clipped(to: Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(text(KittyGraphics.update(from: [], to: [inPanel]))
                == "\u{1B}[23;11H\u{1B}_Ga=p,i=3,p=9,x=0,y=0,w=64,h=32,c=8,r=2,C=1,q=1\u{1B}\\")
        // Cut on the left: the source starts further right.
        let left = icon.clipped(to: Rect(x: 8, y: 0, width: 80, height: 24))
        #expect(text(KittyGraphics.update(from: [], to: [left]))
                == "\u{1B}[3;9H\u{1B}_Ga=p,i=1,p=1,x=16,y=0,w=48,h=64,c=12,r=8,C=1,q=1\u{1B}\\")
    }

    @Test("a picture gone or wholly covered is deleted, and placed again when it comes back")
    func deleted() {
        #expect(text(KittyGraphics.update(from: [icon, weapon], to: [weapon]))
                == "\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\")
        let hidden = icon.clipped(to: .zero)
        #expect(!hidden.isVisible)
        #expect(text(KittyGraphics.update(from: [icon], to: [hidden])) == "\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\")
        #expect(text(KittyGraphics.update(from: [hidden], to: [icon]))
                == "\u{1B}[3;5H\u{1B}_Ga=p,i=1,p=1,c=16,r=8,C=1,q=1\u{1B}\\")
        #expect(KittyGraphics.update(from: [hidden], to: [hidden]).isEmpty)
    }

    @Test("deletions come before placements, in the order of the frames' lists")
    func order() {
        let other = PicturePlacement(imageID: 2, placementID: 6, frame: Rect(x: 0, y: 0, width: 2, height: 1),
                                   imageSize: Size(width: 4, height: 4))
        #expect(text(KittyGraphics.update(from: [icon, weapon], to: [other]))
                == "\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\\u{1B}_Ga=d,d=i,i=2,p=5,q=2\u{1B}\\"
                + "\u{1B}[1;1H\u{1B}_Ga=p,i=2,p=6,c=2,r=1,C=1,q=1\u{1B}\\")
    }
}
